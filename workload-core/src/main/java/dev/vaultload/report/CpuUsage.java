package dev.vaultload.report;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Where the CPU of the replay passes went: the fixture's operations after CREATE_USER, as the executions ran
 * them; users' creation (PBKDF2), the end-of-pass validation and the clean-up between passes are left out.
 *
 * @param processCpuMillis  the whole JVM: workers, GC, JIT, the reporter, servers running in-process
 * @param workerCpuMillis   the threads that ran operations (engine and store client included)
 * @param operations        operations the executions ran
 */
public record CpuUsage(long processCpuMillis, long workerCpuMillis, long operations) {

    /** CPU per operation of the whole process, the XACML test's figure; in the JSON report too. */
    @JsonProperty
    public double processCpuMillisPerOperation() {
        return operations == 0 ? 0 : (double) processCpuMillis / operations;
    }

    /** CPU spent outside the worker threads: the harness's own cost plus GC and JIT. */
    public long otherCpuMillis() {
        return Math.max(0, processCpuMillis - workerCpuMillis);
    }
}
