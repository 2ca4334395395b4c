package dev.vaultload.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** Bad usage of vaultload-faults.jar is exit status 2 and one line on stderr naming what is wrong, before anything starts. */
class FaultsCommandTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "\"\"|Missing subcommand: faults or tamper",
            "faults|Missing required parameter: 'SCOPE'",
            "tamper medium|expected one of [SHORT, FULL]",
            "fault short|Unmatched argument",
            "faults short --out|Missing required parameter for option '--out'",
    })
    void badUsageIsOneLineAndExitStatusTwo(String arguments, String expected) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = FaultsCommand.commandLine();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));

        int exitStatus = commandLine.execute(arguments.isEmpty() ? new String[0] : arguments.split(" "));

        assertEquals(FaultsCommand.BAD_USAGE, exitStatus, err.toString());
        assertEquals("", out.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertTrue(err.toString().startsWith("vaultload-faults: ") && err.toString().contains(expected), err.toString());
    }
}
