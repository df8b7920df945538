/**
 * What must never break across lines: every hyphenated word ("clean-up", "to-do", "Step-by-Step", a call's length)
 * and every email address (a hyphenated domain would break after its hyphen). A browser breaks a line after any
 * hyphen, and no CSS property stops it.
 */
export const unbreakableWords = /[\w.+%-]+@[\w-]+(?:\.[\w-]+)+|[\p{L}\p{N}]+(?:[-‑][\p{L}\p{N}]+)+/gu;

/**
 * Whether such a word fits a phone's line (375 px holds about 40 characters of body text, less in a card): a longer
 * one (a long link's path, a made-up compound) may still break, or it would push the page sideways.
 */
export const fitsOnALine = (word: string): boolean => word.length <= 32;
