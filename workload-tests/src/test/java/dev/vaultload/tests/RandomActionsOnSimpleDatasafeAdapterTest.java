package dev.vaultload.tests;

import dev.vaultload.run.Suite;

/**
 * The main job through each engine's simple adapter (ours: SimpleVault, the analog of Datasafe's SimpleDatasafeService), with the
 * private-space-only fixtures (no SHARE, no inbox).
 */
class RandomActionsOnSimpleDatasafeAdapterTest extends RandomActionsSuite {

    RandomActionsOnSimpleDatasafeAdapterTest() {
        super(Suite.RandomActionsOnSimpleDatasafeAdapterTest);
    }
}
