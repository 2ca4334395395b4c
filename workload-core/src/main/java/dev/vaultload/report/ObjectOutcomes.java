package dev.vaultload.report;

/**
 * What the final validations found of the objects a run left: how many were checked, and of those an earlier
 * failure had left in doubt, how many were there (holding one of the contents they may hold) and how many absent;
 * and how many stored key-material objects were read again and compared (0 when the engine keeps no record).
 * Missing acknowledged objects are LOST errors, not counted here.
 */
public record ObjectOutcomes(long checked, long inDoubtFound, long inDoubtAbsent, long keyObjectsChecked) {
    public static final ObjectOutcomes NONE = new ObjectOutcomes(0, 0, 0, 0);

    public ObjectOutcomes plus(ObjectOutcomes other) {
        return new ObjectOutcomes(checked + other.checked, inDoubtFound + other.inDoubtFound,
                inDoubtAbsent + other.inDoubtAbsent, keyObjectsChecked + other.keyObjectsChecked);
    }

    public ObjectOutcomes withKeyObjectsChecked(long count) {
        return new ObjectOutcomes(checked, inDoubtFound, inDoubtAbsent, count);
    }

    public long inDoubt() {
        return inDoubtFound + inDoubtAbsent;
    }
}
