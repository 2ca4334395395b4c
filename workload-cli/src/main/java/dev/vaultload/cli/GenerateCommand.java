package dev.vaultload.cli;

import dev.vaultload.fixture.FixtureGenerator;
import dev.vaultload.fixture.FixtureJson;
import dev.vaultload.fixture.FixtureSize;
import dev.vaultload.fixture.FixtureSummary;
import dev.vaultload.fixture.FixtureWriter;
import dev.vaultload.fixture.GenerationRule;
import dev.vaultload.fixture.GeneratorParameters;
import dev.vaultload.fixture.OperationMix;
import dev.vaultload.fixture.Popularity;
import dev.vaultload.fixture.RangeReads;
import dev.vaultload.fixture.SizeDistribution;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code vaultload generate}: writes a seeded fixture and prints its summary. */
@Command(name = "generate", mixinStandardHelpOptions = true,
        description = "Generate a seeded fixture: same seed and options, same bytes.")
public final class GenerateCommand implements Callable<Integer> {
    private static final GeneratorParameters DEFAULTS = GeneratorParameters.defaults(0);

    @Spec
    private CommandSpec spec;

    @Option(names = "--operations", paramLabel = "N|SMALL|MEDIUM|LARGE", converter = OperationsConverter.class,
            description = "operations after the CREATE_USERs: a count or SMALL (200), MEDIUM (1000), LARGE (10000); default SMALL")
    private int operations = FixtureSize.SMALL.operations();

    @Option(names = "--seed", description = "seed of the generator; default 0")
    private long seed;

    @Option(names = "--users", description = "number of users; default 10")
    private int users = DEFAULTS.users();

    @Option(names = "--weights", paramLabel = "RULE=W,...",
            description = "rule weights to change, rules: ${COMPLETION-CANDIDATES}; default 1, but 0 for rotateKey and"
                    + " reencrypt (the key lifecycle, which Datasafe's mix has not)",
            completionCandidates = RuleKeys.class)
    private String weights = "";

    @Option(names = "--private-only", description = "no SHARE and no inbox operations (simple-adapter suite)")
    private boolean privateOnly;

    @Option(names = "--max-depth", description = "most directories above a private file; default 2")
    private int maxDirectoryDepth = DEFAULTS.maxDirectoryDepth();

    @Option(names = "--directory-names", split = ",", description = "directory vocabulary; default home,documents,important")
    private List<String> directoryNames = DEFAULTS.directoryNames();

    @Option(names = "--file-names", split = ",",
            description = "file name vocabulary; default file.txt,document.pdf,presentation.ppt,balance.xlsx")
    private List<String> fileNames = DEFAULTS.fileNames();

    @Option(names = "--min-recipients", description = "fewest recipients of a SHARE; default 1")
    private int minRecipients = DEFAULTS.minRecipients();

    @Option(names = "--max-recipients", description = "most recipients of a SHARE (capped at users - 1); default 9")
    private int maxRecipients = DEFAULTS.maxRecipients();

    @Option(names = "--content-pool", description = "number of distinct content ids; default 10")
    private int contentPoolSize = DEFAULTS.contentPoolSize();

    @Option(names = "--file-sizes", paramLabel = "SIZES", description = "sizes WRITEs carry: run (default: the run's "
            + "FILE_SIZES), lognormal:median=100KiB,sigma=1.2, empirical:FIXTURE (another fixture's WRITE sizes)")
    private String fileSizes = "run";

    @Option(names = "--popularity", paramLabel = "RULE", description = "which documents are read, shared and deleted: "
            + "uniform (default), zipf:S (e.g. zipf:1.1), hotspot:D%%/O%% (e.g. hotspot:10%%/90%%)")
    private String popularity = "uniform";

    @Option(names = "--range-reads", paramLabel = "P%:LENGTH", description = "share of READs that read a byte range "
            + "of that length, e.g. 20%%:64KiB (offset uniform with --file-sizes, else 0); default none")
    private String rangeReads = "none";

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "the fixture file to write")
    private Path out;

    @Override
    public Integer call() throws IOException {
        GeneratorParameters parameters = parameters();
        long startNanos = System.nanoTime();
        FixtureSummary summary;
        try (OutputStream file = new BufferedOutputStream(Files.newOutputStream(out), 1 << 16);
             FixtureWriter writer = new FixtureJson().newWriter(file)) {
            summary = new FixtureGenerator(parameters).writeTo(writer);
        }
        long elapsedMillis = (System.nanoTime() - startNanos) / 1_000_000;
        CommandLine commandLine = spec.commandLine();
        SummaryText.print(summary, out.toString(), commandLine.getOut());
        commandLine.getOut().printf("generated in %d ms (seed %d)%n", elapsedMillis, seed);
        commandLine.getOut().flush();
        return 0;
    }

    private GeneratorParameters parameters() {
        try {
            OperationMix mix = OperationMix.datasafe();
            if (privateOnly) {
                mix = mix.privateOnly();
            }
            mix = mix.with(weights);
            return new GeneratorParameters(seed, users, operations, mix, maxDirectoryDepth, directoryNames,
                    fileNames, minRecipients, maxRecipients, contentPoolSize, SizeDistribution.parse(fileSizes),
                    Popularity.parse(popularity), RangeReads.parse(rangeReads));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "Invalid generator option: " + e.getMessage());
        }
    }

    static final class OperationsConverter implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            try {
                return FixtureSize.parseOperations(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    static final class RuleKeys implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(GenerationRule.values()).map(GenerationRule::key).iterator();
        }
    }
}
