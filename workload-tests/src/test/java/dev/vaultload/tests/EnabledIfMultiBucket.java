package dev.vaultload.tests;

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
        static final String PROPERTY = "ENABLE_MULTI_BUCKET_TEST";

        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            String value = dev.vaultload.run.RunConfigParser.systemSettings().apply(PROPERTY);
            return "true".equalsIgnoreCase(value)
                    ? ConditionEvaluationResult.enabled(PROPERTY + "=true")
                    : ConditionEvaluationResult.disabled("set " + PROPERTY + "=true to run the multi-bucket suite");
        }
    }
}
