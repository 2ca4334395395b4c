package dev.vaultload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Malformed and hostile fixture files given to {@code vaultload summary FILE} and to {@code vaultload run
 * --FIXTURE_SIZE FILE}: each is refused with exit status 2 and one line that names the file and the operation and
 * field at fault (or the setting), and says what is accepted; no stack trace, no provider started, no report
 * directory made, nothing left in java.io.tmpdir. Semantic problems (a read of a path never written, a share to an
 * unknown user) are refused before the run starts, as malformed JSON is.
 */
class BadFixtureInputTest {
    private static final InProcessCli CLI = new InProcessCli();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long FIFTY_MEGABYTES = 50L * 1024 * 1024;

    @TempDir
    static Path files;

    /** A bad fixture: how its file is made, and what the line must name besides the file. */
    private record BadFixture(String name, FileMaker file, String named) {
    }

    @FunctionalInterface
    private interface FileMaker {
        Path make(Path path) throws IOException;
    }

    @TestFactory
    Stream<DynamicTest> summaryAndRunRefuseEveryBadFixtureInOneLine() {
        List<BadFixture> fixtures = badFixtures();
        assertTrue(fixtures.size() >= 80, "only " + fixtures.size() + " bad fixtures");
        return fixtures.stream().flatMap(fixture -> Stream.of(
                DynamicTest.dynamicTest("summary: " + fixture.name(), () -> assertSummaryRefuses(fixture)),
                DynamicTest.dynamicTest("run: " + fixture.name(), () -> assertRunRefuses(fixture))));
    }

    /** Datasafe's own fixture files share to the sender too, and they must load unchanged. */
    @Test
    void aShareThatIncludesTheSenderLoads() throws IOException {
        Path file = fixtureFile("self-share.json", List.of(share(List.of("user-0", "user-1"))),
                Map.of("user-0", Map.of("d/a.txt", Map.of("id", "c1"))),
                Map.of("user-0", Map.of("s.txt", Map.of("id", "c1")), "user-1", Map.of("s.txt", Map.of("id", "c1"))));

        InProcessCli.Outcome outcome = CLI.execute(List.of("summary", file.toString()));

        assertEquals(0, outcome.exitCode(), outcome.err());
    }

    /** A valid fixture of 50 MB loads: there is no size limit, and streaming parsing keeps memory to the operations. */
    @Test
    void aValidFiftyMegabyteFixtureLoads() throws IOException {
        Path file = files.resolve("valid-50mb.json");
        InProcessCli.Outcome generated = CLI.execute(List.of("generate", "--operations", "240000", "--seed", "5",
                "--out", file.toString()));
        assertEquals(0, generated.exitCode(), generated.err());
        assertTrue(Files.size(file) >= FIFTY_MEGABYTES, "size " + Files.size(file));

        InProcessCli.Outcome outcome = CLI.execute(List.of("summary", file.toString()));

        assertEquals(0, outcome.exitCode(), outcome.err());
        assertTrue(outcome.out().contains("operations   240010"), outcome.out());
        Files.delete(file);
    }

    private static void assertSummaryRefuses(BadFixture fixture) throws IOException {
        Path file = fixture.file().make(files.resolve("summary-" + safeName(fixture.name())));
        CLI.assertRefused(List.of("summary", file.toString()), file.toString(), fixture.named());
        Files.deleteIfExists(file); // 50 MB each
    }

    private static void assertRunRefuses(BadFixture fixture) throws IOException {
        Path file = fixture.file().make(files.resolve("run-" + safeName(fixture.name())));
        Path reportDir = files.resolve("report-of-" + safeName(fixture.name()));
        // a path that is no regular file is refused as a FIXTURE_SIZE value, before the file is opened
        String named = Files.isRegularFile(file) ? fixture.named() : "expected SMALL, MEDIUM, LARGE or the path of";
        CLI.assertRefused(List.of("run", "--STORAGE_PROVIDERS", "MEMORY", "--THREADS", "1", "--FILE_SIZES", "1",
                "--KDF_ITERATIONS", "1000", "--REPORT_DIR", reportDir.toString(), "--FIXTURE_SIZE", file.toString()),
                file.toString(), named);
        assertFalse(Files.exists(reportDir), "a report directory made for a refused run");
        Files.deleteIfExists(file);
    }

    private static List<BadFixture> badFixtures() {
        List<BadFixture> fixtures = new ArrayList<>();
        fixtures.addAll(files());
        fixtures.addAll(truncated());
        fixtures.addAll(wrongTypes());
        fixtures.addAll(unknownNames());
        fixtures.addAll(missingFields());
        fixtures.addAll(badLocations());
        fixtures.addAll(badUsers());
        fixtures.addAll(contradictions());
        fixtures.addAll(huge());
        return fixtures;
    }

    private static List<BadFixture> files() {
        return List.of(
                new BadFixture("empty file", path -> Files.write(path, new byte[0]), "must be an object, not the end of the input"),
                new BadFixture("only whitespace", path -> Files.writeString(path, " \n\t\n"), "must be an object, not the end of the input"),
                new BadFixture("binary file", path -> Files.write(path, randomBytes(4096)), "malformed JSON at line 1"),
                new BadFixture("a directory", Files::createDirectories, "is a directory"),
                new BadFixture("no such file", path -> path, "no such file"),
                new BadFixture("dangling symbolic link", path -> Files.createSymbolicLink(path, path.resolveSibling("gone")),
                        "no such file"),
                new BadFixture("symbolic link loop", path -> Files.createSymbolicLink(path, path), "cannot be read"),
                new BadFixture("unreadable file", path -> {
                    Files.writeString(path, validJson());
                    Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("---------"));
                    assumeFalse(Files.isReadable(path), "root reads every file");
                    return path;
                }, "permission denied"));
    }

    private static List<BadFixture> truncated() {
        String json = validJson();
        return Stream.of(1, 10, json.length() / 3, json.length() / 2, json.length() - 2)
                .map(end -> new BadFixture("truncated after " + end + " characters",
                        path -> Files.writeString(path, json.substring(0, end)), "malformed JSON at line"))
                .toList();
    }

    private static List<BadFixture> wrongTypes() {
        List<BadFixture> fixtures = new ArrayList<>();
        Map<String, Object> notAString = new LinkedHashMap<>();
        notAString.put("userId", 7);
        notAString.put("type", true);
        notAString.put("storageType", 1);
        notAString.put("location", Map.of("a", 1));
        for (Map.Entry<String, Object> field : notAString.entrySet()) {
            fixtures.add(operationCase("WRITE with " + field.getKey() + " of another JSON type", write("d/b.txt"),
                    op -> with(op, field.getKey(), field.getValue()), "operation 3, field " + field.getKey() + ": must be"));
        }
        fixtures.add(operationCase("contentId a string", write("d/b.txt"), op -> with(op, "contentId", "c1"),
                "operation 3, field contentId: must be an object {\"id\": ...}, not a string"));
        fixtures.add(operationCase("contentId.id a number", write("d/b.txt"), op -> with(op, "contentId", Map.of("id", 1)),
                "operation 3, field contentId.id: must be a string, not a number"));
        fixtures.add(operationCase("recipients a string", share(List.of("user-1")), op -> with(op, "recipients", "user-1"),
                "operation 3, field recipients: must be an array, not a string"));
        fixtures.add(operationCase("recipients of numbers", share(List.of("user-1")), op -> with(op, "recipients", List.of(1)),
                "operation 3, field recipients[0]: must be a string, not a number"));
        fixtures.add(operationCase("result a string", read("d/a.txt", "c1"), op -> with(op, "result", "c1"),
                "operation 3, field result: must be an object, not a string"));
        fixtures.add(operationCase("result.content an array", read("d/a.txt", "c1"),
                op -> with(op, "result", Map.of("content", List.of("c1"))), "operation 3, field result.content: must be an object"));
        fixtures.add(operationCase("result.dirContent a string", list("d/", List.of("d/a.txt")),
                op -> with(op, "result", Map.of("dirContent", "d/a.txt")), "operation 3, field result.dirContent: must be an array"));
        fixtures.add(operationCase("result.dirContent of objects", list("d/", List.of("d/a.txt")),
                op -> with(op, "result", Map.of("dirContent", List.of(Map.of()))),
                "operation 3, field result.dirContent[0]: must be a string, not an object"));
        fixtures.add(operationCase("an operation that is null", write("d/b.txt"), op -> null, "operation 3, field (operation): must not be null"));
        fixtures.add(document("operations an object", Map.of("operations", Map.of(), "userPrivateSpace", Map.of(),
                "userPublicSpace", Map.of()), "field operations: must be an array, not an object"));
        fixtures.add(document("userPrivateSpace an array", Map.of("operations", List.of(), "userPrivateSpace", List.of(),
                "userPublicSpace", Map.of()), "field userPrivateSpace: must be an object, not an array"));
        fixtures.add(document("userPublicSpace a string", Map.of("operations", List.of(), "userPrivateSpace", Map.of(),
                "userPublicSpace", "none"), "field userPublicSpace: must be an object, not a string"));
        fixtures.add(document("header.formatVersion a string", Map.of("header", Map.of("formatVersion", "1", "seed", 1),
                "operations", List.of(), "userPrivateSpace", Map.of(), "userPublicSpace", Map.of()),
                "field header.formatVersion: must be an integer, not a string"));
        fixtures.add(document("header.formatVersion 99", Map.of("header", Map.of("formatVersion", 99, "seed", 1),
                "operations", List.of(), "userPrivateSpace", Map.of(), "userPublicSpace", Map.of()),
                "field header.formatVersion: unsupported format version 99; this build reads 1 to"));
        fixtures.add(text("top level an array", "[]", "field (top level): must be an object, not an array"));
        fixtures.add(text("top level a string", "\"fixture\"", "field (top level): must be an object, not a string"));
        fixtures.add(text("top level null", "null", "field (top level): must be an object, not null"));
        fixtures.add(text("two documents", validJson() + validJson(), "unexpected content after the top-level object"));
        return fixtures;
    }

    private static List<BadFixture> unknownNames() {
        List<BadFixture> fixtures = new ArrayList<>();
        for (String type : List.of("FLY", "write", "", "COPY", "CREATE_USERS")) {
            fixtures.add(operationCase("type '" + type + "'", write("d/b.txt"), op -> with(op, "type", type),
                    "operation 3, field type: unknown value '" + type + "'; expected one of [CREATE_USER, WRITE"));
        }
        fixtures.add(operationCase("storageType PUBLIC", read("d/a.txt", "c1"), op -> with(op, "storageType", "PUBLIC"),
                "operation 3, field storageType: unknown value 'PUBLIC'; expected one of [PRIVATE, INBOX]"));
        fixtures.add(operationCase("an unknown field", write("d/b.txt"), op -> with(op, "color", "red"),
                "operation 3, field color: unknown field; expected one of"));
        fixtures.add(operationCase("WRITE into the INBOX", write("d/b.txt"), op -> with(op, "storageType", "INBOX"),
                "operation 3, field storageType: WRITE must have storageType PRIVATE, not INBOX"));
        fixtures.add(operationCase("a field of another type", write("d/b.txt"), op -> with(op, "recipients", List.of("user-1")),
                "operation 3, field recipients: must be absent for WRITE"));
        fixtures.add(text("a duplicate field", validJson().replace("\"type\":\"CREATE_USER\"",
                "\"type\":\"CREATE_USER\",\"type\":\"CREATE_USER\""), "malformed JSON at line 1"));
        return fixtures;
    }

    /** Each field of each operation type left out in turn. */
    private static List<BadFixture> missingFields() {
        List<BadFixture> fixtures = new ArrayList<>();
        List<Map<String, Object>> operations = List.of(createUser("user-2"), write("d/b.txt"), share(List.of("user-1")),
                read("d/a.txt", "c1"), list("d/", List.of("d/a.txt")), delete("d/a.txt"));
        for (Map<String, Object> operation : operations) {
            for (String field : operation.keySet()) {
                String named = field.equals("userId") || field.equals("type") ? "field " + field + ": is missing"
                        : "field " + field + ": is missing (required for " + operation.get("type") + ")";
                fixtures.add(operationCase(operation.get("type") + " without " + field, operation,
                        op -> without(op, field), "operation 3, " + named));
            }
        }
        fixtures.add(operationCase("READ without result.content", read("d/a.txt", "c1"), op -> with(op, "result", Map.of()),
                "operation 3, field result.content: is missing (required for READ)"));
        fixtures.add(operationCase("LIST without result.dirContent", list("d/", List.of()), op -> with(op, "result", Map.of()),
                "operation 3, field result.dirContent: is missing (required for LIST)"));
        for (String part : List.of("operations", "userPrivateSpace", "userPublicSpace")) {
            Map<String, Object> document = new LinkedHashMap<>(Map.of("operations", List.of(), "userPrivateSpace", Map.of(),
                    "userPublicSpace", Map.of()));
            document.remove(part);
            fixtures.add(document("no " + part, document, "field " + part + ": is missing"));
        }
        return fixtures;
    }

    private static List<BadFixture> badLocations() {
        List<BadFixture> fixtures = new ArrayList<>();
        Map<String, String> locations = new LinkedHashMap<>();
        locations.put("..", "has a '..' segment");
        locations.put("../../etc/passwd", "has a '..' segment");
        locations.put("d/../../x.txt", "has a '..' segment");
        locations.put("./x.txt", "has a '.' segment");
        locations.put("/etc/passwd", "must be relative, not start with '/'");
        locations.put("d\\..\\x.txt", "holds a backslash at position 1");
        locations.put("d/x\u0000.txt", "holds a control character (U+0000) at position 3");
        locations.put("d/x\n.txt", "holds a control character (U+000A) at position 3");
        locations.put("d/x\u001b[31m.txt", "holds a control character (U+001B) at position 3");
        locations.put("d/x\u007f.txt", "holds a control character (U+007F) at position 3");
        locations.put("d//x.txt", "has an empty segment");
        locations.put("d/", "must name a file, not a directory ending with '/'");
        locations.put("", "must name a file, not be empty");
        locations.put("x".repeat(100_000), "is 100000 bytes long in UTF-8; a location holds at most 1024");
        locations.put("d/".repeat(600) + "x.txt", "is 1205 bytes long in UTF-8; a location holds at most 1024");
        locations.forEach((location, problem) -> fixtures.add(operationCase("WRITE to '" + shorten(location) + "'",
                write(location), op -> op, "operation 3, field location: " + problem)));
        fixtures.add(operationCase("READ of '../d/a.txt'", read("../d/a.txt", "c1"), op -> op,
                "operation 3, field location: has a '..' segment"));
        fixtures.add(operationCase("LIST of '/'", list("/", List.of()), op -> op, "operation 3, field location: must be relative"));
        fixtures.add(operationCase("DELETE of 'd\\\\'", delete("d\\"), op -> op, "operation 3, field location: holds a backslash"));
        fixtures.add(operationCase("SHARE to '..'", with(share(List.of("user-1")), "location", ".."), op -> op,
                "operation 3, field location: has a '..' segment"));
        return fixtures;
    }

    private static List<BadFixture> badUsers() {
        return List.of(
                operationCase("CREATE_USER twice", createUser("user-1"), op -> op,
                        "operation 3, field userId: user 'user-1' is created twice"),
                operationCase("a user never created", with(write("d/b.txt"), "userId", "user-9"), op -> op,
                        "operation 3, field userId: user 'user-9' is not created before this operation"),
                operationCase("user id '..'", createUser(".."), op -> op, "operation 3, field userId: user id must not be '..'"),
                operationCase("user id with '/'", createUser("a/b"), op -> op, "operation 3, field userId: user id may only hold"),
                operationCase("user id of 200 characters", createUser("u".repeat(200)), op -> op,
                        "operation 3, field userId: user id must have 1 to 128 characters"),
                operationCase("empty user id", createUser(""), op -> op, "operation 3, field userId: user id must have 1 to 128"),
                operationCase("user id with a NUL", createUser("user\u0000"), op -> op, "operation 3, field userId: user id may only hold"));
    }

    private static List<BadFixture> contradictions() {
        return List.of(
                operationCase("READ of a path never written", read("d/never.txt", "c1"), op -> op,
                        "operation 3, field location: no file 'd/never.txt' in the PRIVATE space of 'user-0'"),
                operationCase("READ of an inbox never shared to", with(read("s.txt", "c1"), "storageType", "INBOX"), op -> op,
                        "operation 3, field location: no file 's.txt' in the INBOX space of 'user-0'"),
                operationCase("READ expecting other content", read("d/a.txt", "c2"), op -> op,
                        "operation 3, field result.content.id: expects content 'c2' but 'd/a.txt' holds 'c1'"),
                operationCase("LIST of a path never written expecting it", list("e/", List.of("e/x.txt")), op -> op,
                        "operation 3, field result.dirContent: expects [e/x.txt] but the PRIVATE space of 'user-0' holds []"),
                operationCase("LIST naming a path twice", list("d/", List.of("d/a.txt", "d/a.txt")), op -> op,
                        "operation 3, field result.dirContent: expects [d/a.txt, d/a.txt]"),
                operationCase("SHARE to an unknown user", share(List.of("user-1", "user-7")), op -> op,
                        "operation 3, field recipients[1]: recipient 'user-7' is not a user created before this operation"),
                operationCase("SHARE to the same user twice", share(List.of("user-1", "user-1")), op -> op,
                        "operation 3, field recipients[1]: recipient 'user-1' is named twice"),
                operationCase("SHARE to nobody", share(List.of()), op -> op,
                        "operation 3, field recipients: a SHARE needs at least one recipient"),
                operationCase("SHARE of content the sender does not hold", with(share(List.of("user-1")), "contentId",
                        Map.of("id", "c9")), op -> op, "operation 3, field contentId.id: user 'user-0' shares content 'c9'"),
                document("final space the replay contradicts", fixture(List.of(), Map.of("user-0", Map.of("d/a.txt",
                        Map.of("id", "c2"))), Map.of()), "field userPrivateSpace.user-0.d/a.txt: expects content 'c2' but"),
                document("final space of a user never created", fixture(List.of(), Map.of("user-0", Map.of("d/a.txt",
                        Map.of("id", "c1")), "user-9", Map.of()), Map.of()), "field userPrivateSpace.user-9: user 'user-9' is never created"),
                document("final inbox the replay does not fill", fixture(List.of(), Map.of("user-0", Map.of("d/a.txt",
                        Map.of("id", "c1"))), Map.of("user-1", Map.of("s.txt", Map.of("id", "c1")))),
                        "field userPublicSpace.user-1.s.txt: expects content 'c1' but the replay of the operations leaves no file"));
    }

    /** 50 MB files: garbage, one endless token, deep nesting, and valid operations that end in garbage. */
    private static List<BadFixture> huge() {
        return List.of(
                new BadFixture("50 MB of random bytes", path -> fill(path, "", () -> new String(randomBytes(1 << 16),
                        StandardCharsets.ISO_8859_1), ""), "malformed JSON at line 1, column 2: Illegal character"),
                new BadFixture("50 MB of one bare word", path -> fill(path, "", () -> "x".repeat(1 << 16), ""),
                        "malformed JSON at line 1, column 1"),
                new BadFixture("50 MB of nested arrays", path -> fill(path, "{\"header\": {\"formatVersion\": 1, \"seed\": 1, "
                        + "\"parameters\": {\"p\": ", () -> "[".repeat(1 << 16), ""), "field header.parameters"),
                new BadFixture("a 50 MB location", path -> fill(path, "{\"operations\": [{\"userId\": \"user-0\", "
                        + "\"type\": \"CREATE_USER\"}, {\"userId\": \"user-0\", \"type\": \"WRITE\", \"storageType\": \"PRIVATE\", "
                        + "\"contentId\": {\"id\": \"c1\"}, \"location\": \"", () -> "a/".repeat(1 << 15), ""),
                        "operation 1, field location: malformed JSON: String value length"),
                new BadFixture("50 MB of operations, then garbage", path -> fill(path,
                        "{\"operations\": [{\"userId\": \"user-0\", \"type\": \"CREATE_USER\"}",
                        () -> (", " + json(write("d/a.txt")) + "\n").repeat(256), ", oops"),
                        "malformed JSON at line"));
    }

    private static Path fill(Path path, String head, Supplier<String> chunk, String tail) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(path, StandardCharsets.ISO_8859_1)) {
            out.write(head);
            for (long written = head.length(); written < FIFTY_MEGABYTES; ) {
                String text = chunk.get();
                out.write(text);
                written += text.length();
            }
            out.write(tail);
        }
        return path;
    }

    // --- fixtures as JSON: two users, user-0 holding d/a.txt (content c1), then the operation under test (index 3)

    private static BadFixture operationCase(String name, Map<String, Object> operation, UnaryOperator<Map<String, Object>> change,
                                            String named) {
        List<Object> operations = new ArrayList<>();
        operations.add(change.apply(new LinkedHashMap<>(operation)));
        return document(name, fixture(operations, Map.of(), Map.of()), named);
    }

    private static Map<String, Object> fixture(List<Object> extraOperations, Map<String, Object> privateSpace,
                                               Map<String, Object> publicSpace) {
        List<Object> operations = new ArrayList<>(List.of(createUser("user-0"), createUser("user-1"), write("d/a.txt")));
        operations.addAll(extraOperations);
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("operations", operations);
        document.put("userPrivateSpace", privateSpace);
        document.put("userPublicSpace", publicSpace);
        return document;
    }

    private static Path fixtureFile(String name, List<Object> extraOperations, Map<String, Object> privateSpace,
                                    Map<String, Object> publicSpace) throws IOException {
        return Files.writeString(files.resolve(name), json(fixture(extraOperations, privateSpace, publicSpace)));
    }

    private static BadFixture document(String name, Map<String, Object> document, String named) {
        return text(name, json(document), named);
    }

    private static BadFixture text(String name, String text, String named) {
        return new BadFixture(name, path -> Files.writeString(path, text), named);
    }

    private static String validJson() {
        return json(fixture(List.of(), Map.of("user-0", Map.of("d/a.txt", Map.of("id", "c1"))), Map.of()));
    }

    private static Map<String, Object> createUser(String user) {
        return operation(user, "CREATE_USER", null);
    }

    private static Map<String, Object> write(String location) {
        Map<String, Object> write = operation("user-0", "WRITE", "PRIVATE");
        write.put("contentId", Map.of("id", "c1"));
        write.put("location", location);
        return write;
    }

    private static Map<String, Object> share(List<String> recipients) {
        Map<String, Object> share = operation("user-0", "SHARE", "INBOX");
        share.put("contentId", Map.of("id", "c1"));
        share.put("location", "s.txt");
        share.put("recipients", recipients);
        return share;
    }

    private static Map<String, Object> read(String location, String contentId) {
        Map<String, Object> read = operation("user-0", "READ", "PRIVATE");
        read.put("location", location);
        read.put("result", Map.of("content", Map.of("id", contentId)));
        return read;
    }

    private static Map<String, Object> list(String location, List<String> paths) {
        Map<String, Object> list = operation("user-0", "LIST", "PRIVATE");
        list.put("location", location);
        list.put("result", Map.of("dirContent", paths));
        return list;
    }

    private static Map<String, Object> delete(String location) {
        Map<String, Object> delete = operation("user-0", "DELETE", "PRIVATE");
        delete.put("location", location);
        return delete;
    }

    private static Map<String, Object> operation(String user, String type, String storageType) {
        Map<String, Object> operation = new LinkedHashMap<>();
        operation.put("userId", user);
        operation.put("type", type);
        if (storageType != null) {
            operation.put("storageType", storageType);
        }
        return operation;
    }

    private static Map<String, Object> with(Map<String, Object> operation, String field, Object value) {
        Map<String, Object> changed = new LinkedHashMap<>(operation);
        changed.put(field, value);
        return changed;
    }

    private static Map<String, Object> without(Map<String, Object> operation, String field) {
        Map<String, Object> changed = new LinkedHashMap<>(operation);
        changed.remove(field);
        return changed;
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] randomBytes(int count) {
        byte[] bytes = new byte[count];
        new Random(count).nextBytes(bytes);
        bytes[0] = 1; // never a JSON start, whatever the seed
        return bytes;
    }

    private static String shorten(String text) {
        String printable = text.chars().mapToObj(c -> Character.isISOControl(c) ? "U+%04X".formatted(c) : String.valueOf((char) c))
                .reduce("", String::concat);
        return printable.length() <= 40 ? printable : printable.substring(0, 20) + "... (" + text.length() + " characters)";
    }

    private static String safeName(String name) {
        return name.replaceAll("[^A-Za-z0-9.-]+", "_") + ".json";
    }
}
