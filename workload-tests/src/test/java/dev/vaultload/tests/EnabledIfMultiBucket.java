package dev.vaultload.tests;

import dev.vaultload.run.RunSettings;
import dev.vaultload.settings.Setting;
import dev.vaultload.settings.SettingsRegistry;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Runs the annotated suite only when ENABLE_MULTI_BUCKET_TEST=true, as a system property or environment variable. */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(EnabledIfMultiBucket.Condition.class)
@interface EnabledIfMultiBucket {

    final class Condition implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            Setting<Boolean> setting = RunSettings.ENABLE_MULTI_BUCKET_TEST;
            return setting.read(SettingsRegistry.system())
                    ? ConditionEvaluationResult.enabled(setting.name() + "=true")
                    : ConditionEvaluationResult.disabled("set " + setting.name() + "=true to run the multi-bucket suite");
        }
    }
}
