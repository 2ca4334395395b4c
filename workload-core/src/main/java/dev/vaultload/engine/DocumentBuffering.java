package dev.vaultload.engine;

import java.util.OptionalLong;
import java.util.function.LongUnaryOperator;

/**
 * What an engine holds of a document in the heap while it works on it, where it buffers rather than streams, and the
 * largest document it can read at all. A run is refused before it starts when its documents exceed the limit or its
 * threads' buffers cannot fit the heap (run.FootprintCheck): without it the run would fail every such READ as if the
 * data were at fault, or die of an OutOfMemoryError.
 *
 * @param heapBytes        the most held in the heap for one operation on a document of the given size
 * @param maxDocumentBytes the largest document the engine reads; empty without a limit
 * @param what             what is buffered and why, in words, for the refusal
 */
public record DocumentBuffering(LongUnaryOperator heapBytes, OptionalLong maxDocumentBytes, String what) {
    /** An engine that streams every document in pieces of a bounded size. */
    public static final DocumentBuffering STREAMING = new DocumentBuffering(sizeBytes -> 0, OptionalLong.empty(),
            "streams its documents");
}
