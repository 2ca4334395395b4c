package dev.vaultload.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.HashSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A strict reader of the Prometheus text exposition format (0.0.4): every line is a HELP or TYPE comment or a
 * sample of a family whose TYPE came before it, label values unescaped; anything else fails, naming the line.
 */
final class Exposition {
    private static final String NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
    private static final String VALUE = "[-+]?(?:[0-9]*\\.?[0-9]+(?:[eE][-+]?[0-9]+)?|Inf|NaN)";
    private static final Pattern TYPE = Pattern.compile("# TYPE (" + NAME + ") (counter|gauge|histogram|summary|untyped)");
    private static final Pattern HELP = Pattern.compile("# HELP (" + NAME + ") .*");
    private static final Pattern SAMPLE = Pattern.compile("(" + NAME + ")(?:\\{(.*)\\})? (" + VALUE + ")(?: -?[0-9]+)?");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\\\n]|\\\\.)*)\"(,|$)");

    record Sample(String name, Map<String, String> labels, double value) {
    }

    private final List<Sample> samples = new ArrayList<>();
    private final Set<String> families = new HashSet<>();

    Exposition(String text) {
        int lineNumber = 0;
        for (String line : text.split("\n")) {
            lineNumber++;
            Matcher type = TYPE.matcher(line);
            if (type.matches()) {
                families.add(type.group(1));
            } else if (!HELP.matcher(line).matches() && !line.isEmpty()) {
                Matcher sample = SAMPLE.matcher(line);
                if (!sample.matches()) {
                    throw new IllegalArgumentException("line " + lineNumber + " is not a sample: " + line);
                }
                String name = sample.group(1);
                if (families.stream().noneMatch(family -> name.equals(family) || name.startsWith(family + "_"))) {
                    throw new IllegalArgumentException("line " + lineNumber + ": no TYPE before " + name);
                }
                samples.add(new Sample(name, labels(sample.group(2), lineNumber), parse(sample.group(3))));
            }
        }
    }

    /** The sum of the samples of {@code name} whose labels include {@code labels}. */
    double sum(String name, Map<String, String> labels) {
        return samples.stream().filter(s -> s.name().equals(name) && s.labels().entrySet().containsAll(labels.entrySet()))
                .mapToDouble(Sample::value).sum();
    }

    /** The families a TYPE line declared: the series' names without _bucket, _count and _sum. */
    Set<String> families() {
        return Set.copyOf(families);
    }

    /** The values {@code label} takes in the samples of {@code name}. */
    Set<String> labelValues(String name, String label) {
        return samples.stream().filter(s -> s.name().equals(name) && s.labels().containsKey(label))
                .map(s -> s.labels().get(label)).collect(Collectors.toSet());
    }

    boolean has(String name) {
        return samples.stream().anyMatch(s -> s.name().equals(name));
    }

    private static Map<String, String> labels(String text, int lineNumber) {
        Map<String, String> labels = new LinkedHashMap<>();
        if (text == null || text.isEmpty()) {
            return labels;
        }
        Matcher label = LABEL.matcher(text);
        int end = 0;
        while (end < text.length()) {
            if (!label.find(end) || label.start() != end) {
                throw new IllegalArgumentException("line " + lineNumber + ": bad labels " + text);
            }
            labels.put(label.group(1), label.group(2).replace("\\\"", "\"").replace("\\n", "\n").replace("\\\\", "\\"));
            end = label.end();
        }
        return labels;
    }

    private static double parse(String value) {
        return switch (value) {
            case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(value);
        };
    }
}
