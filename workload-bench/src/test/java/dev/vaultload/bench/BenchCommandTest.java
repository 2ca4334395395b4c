package dev.vaultload.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

class BenchCommandTest {

    /** Bad usage is exit status 2 and one line on stderr naming what is wrong, before anything is measured. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "\"\"|Missing subcommand: jmh, harness, s3-get, merge, share, crypto-report, kms-overhead, memory-bound or ceiling",
            "memory-bound ten|'ten' is not an int",
            "ceiling --cipher ROT13|expected one of [AES256_GCM, AES256_CBC, CHACHA20_POLY1305, NONE]",
            "harness ten|'ten' is not an int",
            "s3-get http://127.0.0.1:9000 bucket key 1 1 NETTY|expected one of [APACHE, APACHE5, URL_CONNECTION, CRT, VAULTLOAD_STORE]",
            "merge|Missing subcommand: make or run",
            "merge run folder|Missing required parameter: 'OUT_FOLDER'",
            "crypto-report jmh.json|Missing required parameter: 'OPENSSL_FIGURES'",
            "bench|Unmatched argument at index 0: 'bench'",
    })
    void badUsageIsOneLineAndExitStatusTwo(String arguments, String expected) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = BenchCommand.commandLine();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));

        int exitStatus = commandLine.execute(arguments.isEmpty() ? new String[0] : arguments.split(" "));

        assertEquals(BenchCommand.BAD_USAGE, exitStatus, err.toString());
        assertEquals("", out.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertTrue(err.toString().startsWith("vaultload-bench: ") && err.toString().contains(expected), err.toString());
    }

    /** crypto-bench.sh's JMH command line, options and regexp, reaches JMH as it was given. */
    @Test
    void jmhGetsItsArgumentsUnread() {
        List<String> jmhArguments = List.of("\\.(VaultCryptoBenchmark|MemoryBandwidthBenchmark)\\.", "-f", "1", "-wi", "0",
                "-i", "1", "-r", "200ms", "-t", "1", "-p", "sizeBytes=1048576", "-rf", "json", "-rff", "jmh.json", "-h");
        String[] arguments = Stream.concat(Stream.of("jmh"), jmhArguments.stream()).toArray(String[]::new);

        CommandLine.ParseResult jmh = BenchCommand.commandLine().parseArgs(arguments).subcommand();

        assertEquals("jmh", jmh.commandSpec().name());
        assertEquals(jmhArguments, jmh.matchedPositional(0).getValue());
    }
}
