package dev.vaultload.faults;

import dev.vaultload.kms.KmsSettings;
import java.net.URI;
import java.util.Optional;
import java.util.function.Function;

/**
 * The key managers the matrix's KMS cells stand in front of, as the environment names them: a KES server (KES_URL and
 * its client's settings, as scripts/start-kes.sh prints them) and the AWS KMS API with a key (AWS_KMS_URL and
 * AWS_KMS_KEY_ID, as scripts/start-local-kms.sh prints them). A cell whose server is missing does not run.
 *
 * @param awsKms the AWS KMS API's endpoint, present only with a key to use there
 */
record KmsServers(Optional<URI> kes, Optional<URI> awsKms) {

    static KmsServers of(Function<String, String> settings) {
        return new KmsServers(KmsSettings.KES_URL.find(settings),
                KmsSettings.AWS_KMS_URL.find(settings).filter(url -> KmsSettings.AWS_KMS_KEY_ID.find(settings).isPresent()));
    }
}
