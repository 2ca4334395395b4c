// Datasafe's parse_script_table.groovy for Vaultload: per operation and file size a table with Threads,
// runs, total ops/s, MiB/s of document payload and the latency percentiles p50..p99 in milliseconds;
// repeated runs of a combination are shown as "mean ±sample standard deviation". Tab-separated.
// Run: ./mvnw -q -pl parse exec:java -Dexec.args="detail LOG_OR_FOLDER..."   (or java -jar parse/target/vaultload-parse.jar detail ...)
// Bound by the launcher: args (the inputs), out and err.
import dev.vaultload.parse.Cell
import dev.vaultload.parse.Measurement
import dev.vaultload.parse.ResultLoader
import java.nio.file.Path

def loaded = new ResultLoader().load(args.collect { Path.of(it) })
loaded.problems().each { err.println "malformed input: $it" }
def cells = Cell.of(loaded.measurements())
def configurations = cells.collect { it.key().configuration() }.unique()
configurations.each { configuration ->
    if (configurations.size() > 1) {
        println "# ${configuration.label()}"
    }
    cells.findAll { it.key().configuration() == configuration }
            .groupBy { [it.key().operation(), it.key().fileSizeKib()] }
            .each { operationAndSize, rows ->
                println "${operationAndSize[0]} ${Cell.sizeLabel(operationAndSize[1])}"
                println(['Threads', 'runs', 'ops/s', 'MiB/s', *Measurement.PERCENTILES.collect { "p$it ms" }].join('\t'))
                rows.each { cell ->
                    println([cell.key().threads(), cell.runs().size(), cell.opsPerSecond().format(),
                             cell.mebibytesPerSecond().format(),
                             *Measurement.PERCENTILES.collect { cell.percentileMillis()[it].format() }].join('\t'))
                }
            }
}
return loaded.problems().isEmpty() ? 0 : 1
