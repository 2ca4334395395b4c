package dev.vaultload.s3.provider;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.net.URISyntaxException;

/**
 * Endpoint values as Datasafe's AWS_URL takes them: {@code host:port} (plain http) or a full http(s) URL; and lists of
 * them for a cluster reached through several endpoints: {@code a:7480,b:7480} (round robin) or
 * {@code a:7480*3,b:7480*1} (weighted).
 */
final class S3Endpoints {
    private static final int MAX_WEIGHT = 1000;

    /** One endpoint of a list and its share of the calls, relative to the others'. */
    record Weighted(URI uri, int weight) {
    }

    private S3Endpoints() {
    }

    /** The endpoints of a comma-separated list, each with an optional {@code *WEIGHT} (1 to 1000, default 1). */
    static List<Weighted> parseList(String property, String value) {
        List<Weighted> endpoints = new ArrayList<>();
        for (String item : value.split(",", -1)) {
            String trimmed = item.strip();
            int star = trimmed.lastIndexOf('*');
            int weight = star < 0 ? 1 : weight(property, value, trimmed.substring(star + 1));
            URI uri = parse(property, star < 0 ? trimmed : trimmed.substring(0, star).strip());
            if (endpoints.stream().anyMatch(endpoint -> endpoint.uri().equals(uri))) {
                throw new IllegalArgumentException("Invalid " + property + "='" + value + "': " + uri + " is listed twice;"
                        + " expected each endpoint once, with a *WEIGHT for a larger share");
            }
            endpoints.add(new Weighted(uri, weight));
        }
        return List.copyOf(endpoints);
    }

    private static int weight(String property, String value, String weight) {
        try {
            int parsed = Integer.parseInt(weight.strip());
            if (parsed >= 1 && parsed <= MAX_WEIGHT) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("Invalid " + property + "='" + value + "': weight '" + weight + "'; expected"
                + " ENDPOINT*WEIGHT with a whole number from 1 to " + MAX_WEIGHT + " (e.g. 127.0.0.1:7480*2)");
    }

    static URI parse(String property, String value) {
        boolean withScheme = value.contains("://");
        String url = withScheme ? value : "http://" + value;
        try {
            URI uri = new URI(url);
            boolean httpScheme = "http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme());
            // a bare host would quietly mean port 80: host:port names its port, a URL its scheme's
            boolean portKnown = withScheme || uri.getPort() != -1;
            if (httpScheme && portKnown && uri.getHost() != null && (uri.getPath() == null || uri.getPath().isEmpty() || "/".equals(uri.getPath()))
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
