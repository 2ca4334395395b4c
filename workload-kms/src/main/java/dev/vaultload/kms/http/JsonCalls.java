package dev.vaultload.kms.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.vaultload.kms.FailureKinds;
import dev.vaultload.kms.KeyManagerException;
import dev.vaultload.kms.KmsSettings;
import dev.vaultload.storage.BlobStoreException.Kind;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;

/**
 * JSON POSTs to a KMS's REST API over the JDK's HTTP client, shared by the HTTP bindings (KES, VAULT_TRANSIT): one
 * call per operation, no retry (a pressure run counts every refusal), KMS_TIMEOUT enforced by {@link CallDeadlines},
 * failures as {@link KeyManagerException}s of {@link FailureKinds}' kinds, over the protocol KMS_HTTP_VERSION names
 * and with the executor KMS_HTTP_EXECUTOR names ({@link HttpOptions}). A message names the call and the server's
 * reason, never a request's or an answer's body, which may hold keys, nor its headers, which may hold a token.
 */
public final class JsonCalls implements AutoCloseable {
    private static final int FIRST_SUCCESS = 200;
    private static final int FIRST_NON_SUCCESS = 300;
    /** Enough of a refusal's text for a message line. */
    private static final int MAX_REASON_CHARS = 200;

    private final Duration timeout;
    private final HttpClient http;
    private final CallDeadlines deadlines;
    private final Function<JsonNode, String> reasonOf;
    private final ObjectMapper json = new ObjectMapper();
    /** A reader per answer type and a writer per request type, each (de)serializer found once, not on every call. */
    private final ClassValue<ObjectReader> readers = new ClassValue<>() {
        @Override
        protected ObjectReader computeValue(Class<?> type) {
            return json.readerFor(type);
        }
    };
    private final ClassValue<ObjectWriter> writers = new ClassValue<>() {
        @Override
        protected ObjectWriter computeValue(Class<?> type) {
            return json.writerFor(type);
        }
    };

    /**
     * @param tls      the TLS context, or null for the JDK's default (and plain http)
     * @param options  the timeout of each call and the protocol
     * @param name     names the deadline watcher's thread, e.g. {@code kes-deadlines-7373}
     * @param reasonOf the server's text in a refusal's JSON body, "" if none
     */
    public JsonCalls(SSLContext tls, HttpOptions options, String name, Function<JsonNode, String> reasonOf) {
        this.timeout = options.timeout();
        HttpClient.Builder builder = options.client();
        this.http = (tls == null ? builder : builder.sslContext(tls)).build();
        this.deadlines = new CallDeadlines(timeout, name);
        this.reasonOf = reasonOf;
    }

    /**
     * POSTs {@code body} as JSON with {@code request}'s URI and headers and reads a 2xx answer as {@code answerType}.
     *
     * @param what the call as a failure's message names it, e.g. {@code KES at https://...: generate with key 'k'}; made
     *             only for a failure, so that a call pays for no text it does not show
     */
    public <T> T post(HttpRequest.Builder request, Object body, Class<T> answerType, Supplier<String> what) {
        HttpResponse<byte[]> response;
        try {
            // no request timeout of the client's own: CallDeadlines enforces KMS_TIMEOUT at a fraction of its cost
            byte[] requestBody = writers.get(body.getClass()).writeValueAsBytes(body);
            response = send(request.header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(requestBody)).build());
        } catch (IOException e) {
            throw new KeyManagerException(FailureKinds.ofTransport(e), what.get() + " failed: " + FailureKinds.describe(e),
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KeyManagerException(Kind.OTHER, what.get() + " interrupted", e);
        } catch (TimeoutException e) {
            throw new KeyManagerException(Kind.TIMEOUT, what.get() + " failed: no answer within " + timeout.toMillis()
                    + " ms (" + KmsSettings.KMS_TIMEOUT.name() + ")", e);
        }
        int status = response.statusCode();
        if (status < FIRST_SUCCESS || status >= FIRST_NON_SUCCESS) {
            throw new KeyManagerException(FailureKinds.ofStatus(status), what.get() + " refused: HTTP " + status + " "
                    + reason(response.body()));
        }
        try {
            return readers.get(answerType).readValue(response.body());
        } catch (IOException e) {
            // the type only: a parser's message quotes the answer, which may hold a key
            throw new KeyManagerException(Kind.SERVER, what.get() + ": unreadable answer (" + e.getClass().getSimpleName()
                    + ")");
        }
    }

    /** The blocking send, ended by {@link CallDeadlines} after KMS_TIMEOUT as a {@link TimeoutException}. */
    private HttpResponse<byte[]> send(HttpRequest request) throws IOException, InterruptedException, TimeoutException {
        deadlines.start();
        try {
            HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            deadlines.done(); // an answer that came as its deadline passed is kept
            return response;
        } catch (InterruptedException | IOException e) {
            if (deadlines.done()) {
                TimeoutException timedOut = new TimeoutException(KmsSettings.KMS_TIMEOUT.name());
                timedOut.initCause(e);
                throw timedOut;
            }
            throw e;
        } catch (RuntimeException e) {
            deadlines.done();
            throw e;
        }
    }

    /** The server's reason for a refusal, cut to a line. */
    String reason(byte[] body) {
        try {
            String text = reasonOf.apply(json.readTree(body));
            return text.length() > MAX_REASON_CHARS ? text.substring(0, MAX_REASON_CHARS) + "..." : text;
        } catch (IOException e) {
            return "(no JSON reason)";
        }
    }

    @Override
    public void close() {
        deadlines.close();
        http.close();
    }
}
