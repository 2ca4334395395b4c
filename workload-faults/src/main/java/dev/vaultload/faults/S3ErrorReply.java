package dev.vaultload.faults;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * An S3 error answer as S3 sends it: the status, and an XML body with the code the AWS SDK parses into
 * {@code S3Exception.awsErrorDetails().errorCode()}. A HEAD answer has no body, as S3's.
 *
 * @param status  e.g. 503
 * @param code    e.g. "SlowDown"
 * @param message S3's text for the code
 */
record S3ErrorReply(int status, String code, String message) {

    static final S3ErrorReply SLOW_DOWN = new S3ErrorReply(503, "SlowDown", "Please reduce your request rate.");
    static final S3ErrorReply INTERNAL_ERROR =
            new S3ErrorReply(500, "InternalError", "We encountered an internal error. Please try again.");

    void send(HttpExchange exchange, String requestId) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "application/xml");
        exchange.getResponseHeaders().set("x-amz-request-id", requestId);
        if (exchange.getRequestMethod().equals("HEAD")) {
            exchange.sendResponseHeaders(status, -1);
            return;
        }
        byte[] body = xml(exchange.getRequestURI().getRawPath(), requestId).getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private String xml(String resource, String requestId) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>" + code + "</Code><Message>" + message
                + "</Message><Resource>" + escaped(resource) + "</Resource><RequestId>" + requestId + "</RequestId></Error>";
    }

    private static String escaped(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
