/**
 * What must never break across lines: every hyphenated word ("clean-up", "to-do", "Step-by-Step", a call's length)
 * and every email address (a hyphenated domain would break after its hyphen). A browser breaks a line after any
 * hyphen, and no CSS property stops it.
 */
export const unbreakableWords = /[\w.+%-]+@[\w-]+(?:\.[\w-]+)+|[\p{L}\p{N}]+(?:[-‑][\p{L}\p{N}]+)+/gu;
