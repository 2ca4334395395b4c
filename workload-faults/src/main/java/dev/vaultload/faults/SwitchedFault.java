package dev.vaultload.faults;

/**
 * A fault that remembers whether it is injected, so that {@link #inject()} and {@link #heal()} act only on a
 * change. If switching fails, the state stays as it was and the call can be repeated.
 */
abstract class SwitchedFault implements Fault {
    private final String name;
    private boolean injected;

    SwitchedFault(String name) {
        this.name = name;
    }

    /** A fault whose inject runs {@code on} and whose heal runs {@code off}. */
    static Fault of(String name, Runnable on, Runnable off) {
        return new SwitchedFault(name) {
            @Override
            void switchOn() {
                on.run();
            }

            @Override
            void switchOff() {
                off.run();
            }
        };
    }

    abstract void switchOn();

    abstract void switchOff();

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final synchronized void inject() {
        if (!injected) {
            switchOn();
            injected = true;
        }
    }

    @Override
    public final synchronized void heal() {
        if (injected) {
            switchOff();
            injected = false;
        }
    }

    @Override
    public final void close() {
        heal();
    }

    @Override
    public String toString() {
        return name;
    }
}
