package dev.vaultload.parse;

import dev.vaultload.fixture.OperationType;
import dev.vaultload.stats.ErrorClass;
import java.awt.Color;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One fixed color per operation type and per error class, the same in every chart of every page and PNG, so that
 * READ is the same orange wherever it is drawn, whichever other operations a run had. No two of them, nor the few
 * series that are neither (all operations together, memory), share a color, and all stay apart on white.
 */
final class LineColors {
    /** All operations together: darker than any operation's line. */
    static final Color TOTAL = new Color(0x222222);
    static final Color HEAP = new Color(0x8c6d31);
    static final Color RSS = new Color(0x843c39);
    /**
     * The two sides of a comparison, in panels of one operation each: Okabe and Ito's blue and vermilion, told apart
     * also by those who do not see red and green.
     */
    static final Color SIDE_A = new Color(0x0072b2);
    static final Color SIDE_B = new Color(0xd55e00);

    private static final Map<OperationType, Color> OPERATIONS = new EnumMap<>(Map.of(
            OperationType.WRITE, new Color(0x1f77b4),
            OperationType.READ, new Color(0xff7f0e),
            OperationType.SHARE, new Color(0x2ca02c),
            OperationType.LIST, new Color(0x9467bd),
            OperationType.DELETE, new Color(0x8c564b),
            OperationType.CREATE_USER, new Color(0xe377c2),
            OperationType.ROTATE_KEY, new Color(0x5254a3),
            OperationType.REENCRYPT, new Color(0x8ca252)));

    private static final Map<ErrorClass, Color> ERRORS = new EnumMap<>(Map.of(
            ErrorClass.CLIENT, new Color(0x393b79),
            ErrorClass.LIMIT_EXCEEDED, new Color(0xbcbd22),
            ErrorClass.TIMEOUT, new Color(0x17becf),
            ErrorClass.SERVER, new Color(0x7f7f7f),
            ErrorClass.INTEGRITY, new Color(0xd62728),
            ErrorClass.LOST, new Color(0x000000),
            ErrorClass.IN_DOUBT, new Color(0xe6ab02),
            ErrorClass.OTHER, new Color(0x637939)));

    private LineColors() {
    }

    static Color of(OperationType type) {
        return OPERATIONS.get(type);
    }

    static Color of(ErrorClass errorClass) {
        return ERRORS.get(errorClass);
    }

    /** The color of an operation type's name, empty for any other label. */
    static Optional<Color> ofOperationNamed(String label) {
        return OperationNames.type(label).map(LineColors::of);
    }

    /** {@code #1f77b4}, as SVG and CSS take it. */
    static String hex(Color color) {
        return String.format(Locale.ROOT, "#%06x", color.getRGB() & 0xffffff);
    }
}
