package dev.vaultload.parse;

import groovy.lang.Binding;
import groovy.lang.GroovyCodeSource;
import groovy.lang.GroovyShell;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URL;

/**
 * Runs the Groovy parse scripts (packaged from parse/*.groovy) with GroovyShell, so that nobody has to
 * install Groovy: the script gets {@code loaded} (the results to tabulate) and {@code out}.
 */
public final class ParseScripts {
    /** Threads x file-size table of total ops/s per operation. */
    public static final String THROUGHPUT_TABLE = "parse_script.groovy";
    /** Per operation and size: threads, ops/s, MiB/s and percentiles. */
    public static final String DETAIL_TABLE = "parse_script_table.groovy";

    /** @param loaded results without problems: the launcher refuses malformed inputs before a script runs */
    public void run(String scriptName, LoadedResults loaded, PrintStream out) {
        Binding binding = new Binding();
        binding.setVariable("loaded", loaded);
        binding.setVariable("out", out);
        new GroovyShell(ParseScripts.class.getClassLoader(), binding).evaluate(source(scriptName));
    }

    private static GroovyCodeSource source(String scriptName) {
        URL script = ParseScripts.class.getClassLoader().getResource(scriptName);
        if (script == null) {
            throw new IllegalStateException(scriptName + " is not on the classpath");
        }
        try (InputStream in = script.openStream()) {
            return new GroovyCodeSource(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8),
                    scriptName.replace(".groovy", ""), GroovyShell.DEFAULT_CODE_BASE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + scriptName, e);
        }
    }
}
