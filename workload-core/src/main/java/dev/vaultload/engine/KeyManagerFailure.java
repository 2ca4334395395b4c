package dev.vaultload.engine;

/**
 * A failure of a key manager's call, as the key manager's bindings raise it. The harness uses it to tell a write that
 * failed at the KMS before it sent anything to the store (not in doubt: counted under the KMS failure's own class) from
 * one that may have stored its object.
 */
public interface KeyManagerFailure {
}
