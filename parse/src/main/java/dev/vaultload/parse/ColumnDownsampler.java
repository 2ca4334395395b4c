package dev.vaultload.parse;

import java.util.ArrayList;
import java.util.List;

/**
 * Thins a line to what a screen can show: of the points that fall into one pixel column, only the highest and
 * the lowest are kept, in their order, so that a 72-hour run draws with at most two points a column and every
 * spike still reaches its height. A point whose y is NaN breaks the line; a line is returned as its unbroken pieces.
 */
final class ColumnDownsampler {
    private ColumnDownsampler() {
    }

    /** A piece of line, in pixels. */
    record Piece(double[] x, double[] y) {
        int size() {
            return x.length;
        }
    }

    /**
     * @param xPixels the points' columns, ascending
     * @param yPixels the points' rows; NaN breaks the line
     */
    static List<Piece> pieces(double[] xPixels, double[] yPixels) {
        List<Piece> pieces = new ArrayList<>();
        PieceBuilder piece = new PieceBuilder();
        long column = Long.MIN_VALUE;
        int lowest = -1;
        int highest = -1;
        for (int index = 0; index < xPixels.length; index++) {
            if (Double.isNaN(yPixels[index]) || Double.isNaN(xPixels[index])) {
                piece.add(xPixels, yPixels, lowest, highest);
                piece.endInto(pieces);
                lowest = -1;
                highest = -1;
                column = Long.MIN_VALUE;
                continue;
            }
            long here = (long) Math.floor(xPixels[index]);
            if (here != column) {
                piece.add(xPixels, yPixels, lowest, highest);
                column = here;
                lowest = index;
                highest = index;
            } else if (yPixels[index] < yPixels[lowest]) {
                lowest = index;
            } else if (yPixels[index] > yPixels[highest]) {
                highest = index;
            }
        }
        piece.add(xPixels, yPixels, lowest, highest);
        piece.endInto(pieces);
        return pieces;
    }

    private static final class PieceBuilder {
        private final List<double[]> points = new ArrayList<>();

        /** The column's extremes in the order they came; nothing when the column is empty (-1). */
        void add(double[] x, double[] y, int lowest, int highest) {
            if (lowest < 0) {
                return;
            }
            int first = Math.min(lowest, highest);
            int second = Math.max(lowest, highest);
            points.add(new double[] {x[first], y[first]});
            if (second != first) {
                points.add(new double[] {x[second], y[second]});
            }
        }

        void endInto(List<Piece> pieces) {
            if (!points.isEmpty()) {
                pieces.add(new Piece(points.stream().mapToDouble(p -> p[0]).toArray(),
                        points.stream().mapToDouble(p -> p[1]).toArray()));
                points.clear();
            }
        }
    }
}
