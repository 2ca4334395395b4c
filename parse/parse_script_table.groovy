// Datasafe's parse_script_table.groovy for Vaultload: per operation and file size a table with Threads,
// runs, total ops/s, MiB/s of document payload and the latency percentiles p50..p99 in milliseconds;
// repeated runs of a combination are shown as "mean ±sample standard deviation". Tab-separated.
// Run: ./mvnw -q -pl parse exec:java -Dexec.args="detail LOG_OR_FOLDER..."   (or java -jar parse/target/vaultload-parse.jar detail ...)
// Bound by the launcher: loaded (the results of the inputs, already checked: none malformed, some there) and out.
import dev.vaultload.parse.Cell
import dev.vaultload.parse.Measurement

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
