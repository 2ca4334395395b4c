// Datasafe's parse_script.groovy for Vaultload: reads logs in Datasafe's format (ours or Datasafe's own) or
// folders of JSON results and prints, per operation, a Threads x file-size table of total ops/s
// (throughputPerThread x threads, the mean of repeated runs), tab-separated for a chart tool.
// Run: ./mvnw -q -pl parse exec:java -Dexec.args="table LOG_OR_FOLDER..."   (or java -jar parse/target/vaultload-parse.jar table ...)
// Bound by the launcher: loaded (the results of the inputs, already checked: none malformed, some there) and out.
import dev.vaultload.parse.Cell

def cells = Cell.of(loaded.measurements())
def configurations = cells.collect { it.key().configuration() }.unique()
configurations.each { configuration ->
    def ofConfiguration = cells.findAll { it.key().configuration() == configuration }
    if (configurations.size() > 1) {
        println "# ${configuration.label()}"
    }
    def sizes = ofConfiguration.collect { it.key().fileSizeKib() }.unique().sort()
    ofConfiguration.groupBy { it.key().operation() }.each { operation, ofOperation ->
        println operation
        println(['Threads', *sizes.collect { Cell.sizeLabel(it) }].join('\t'))
        ofOperation.groupBy { it.key().threads() }.sort().each { threads, row ->
            def opsPerSecondBySize = row.collectEntries { [it.key().fileSizeKib(), it.opsPerSecond().mean()] }
            println([threads, *sizes.collect { opsPerSecondBySize.containsKey(it) ? opsPerSecondBySize[it] : '-' }].join('\t'))
        }
    }
}
