package dev.vaultload.storage;

/**
 * The kinds of request an engine makes of its store through the {@link BlobStore} API, as S3 names them: a put or a
 * streamed write (PUT), a read (GET), an existence check (HEAD), a listing (LIST), a copy (COPY), a delete of a key
 * or a prefix (DELETE). A store may turn one into several on the wire (a multipart upload's parts, a listing's pages):
 * those are the provider's endpoint figures.
 */
public enum StoreRequest {
    PUT, GET, HEAD, LIST, COPY, DELETE
}
