package dev.vaultload.run;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The calling thread's nice value on Linux: set through the C library's setpriority, read from /proc. */
public final class ThreadNice {
    private static final int PRIO_PROCESS = 0;
    /** With PRIO_PROCESS, who = 0 is the calling task: on Linux the calling thread, not its process. */
    private static final int CALLING_THREAD = 0;
    /** Field 19 of /proc/PID/stat, counted from field 3, the first after the parenthesised command name. */
    private static final int NICE_AFTER_COMMAND = 19 - 3;

    private ThreadNice() {
    }

    private interface CLibrary extends Library {
        int setpriority(int which, int who, int prio) throws LastErrorException;
    }

    /** Loaded at the first use only: runs at the JVM's own priority never load the native library. */
    private static final class Loaded {
        static final CLibrary C = Native.load("c", CLibrary.class);
    }

    /** Sets the calling thread's nice value; raising it needs no privilege, lowering it does. */
    static void set(int nice) {
        Loaded.C.setpriority(PRIO_PROCESS, CALLING_THREAD, nice);
    }

    /** The calling thread's nice value. */
    public static int current() throws IOException {
        String stat = Files.readString(Path.of("/proc/thread-self/stat"));
        // the command name may hold spaces and parentheses: count from the last closing one
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Integer.parseInt(fields[NICE_AFTER_COMMAND]);
    }
}
