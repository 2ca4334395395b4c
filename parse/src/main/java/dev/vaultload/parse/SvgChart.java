package dev.vaultload.parse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.internal.chartpart.IChart;

/** An XChart chart as an SVG element to inline in HTML: XChart's vector writer, without the XML prolog. */
final class SvgChart {
    private SvgChart() {
    }

    static String of(IChart chart) {
        ByteArrayOutputStream svg = new ByteArrayOutputStream();
        try {
            VectorGraphicsEncoder.saveVectorGraphic(chart, svg, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot draw " + chart, e);
        }
        String document = svg.toString(StandardCharsets.UTF_8);
        return document.substring(document.indexOf("<svg"));
    }
}
