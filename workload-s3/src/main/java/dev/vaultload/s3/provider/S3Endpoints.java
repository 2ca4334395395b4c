package dev.vaultload.s3.provider;

import java.net.URI;
import java.net.URISyntaxException;

/** Endpoint values as Datasafe's AWS_URL takes them: {@code host:port} (plain http) or a full http(s) URL. */
final class S3Endpoints {

    private S3Endpoints() {
    }

    static URI parse(String property, String value) {
        String url = value.contains("://") ? value : "http://" + value;
        try {
            URI uri = new URI(url);
            boolean httpScheme = "http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme());
            if (httpScheme && uri.getHost() != null && (uri.getPath() == null || uri.getPath().isEmpty() || "/".equals(uri.getPath()))
                    && uri.getQuery() == null && uri.getUserInfo() == null) {
                return new URI(uri.getScheme().toLowerCase(), null, uri.getHost(), uri.getPort(), null, null, null);
            }
        } catch (URISyntaxException e) {
            // reported below with the accepted forms
        }
        throw new IllegalArgumentException("Invalid " + property + "='" + value + "': expected host:port (e.g."
                + " 127.0.0.1:7480) or an http(s) URL without path (e.g. https://s3.example.org:8443)");
    }
}
