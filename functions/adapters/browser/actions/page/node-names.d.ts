/**
 * In-page code reads the ports' types (what a script returns is what the port promises). One port names Node's
 * Buffer for screenshot bytes, which no in-page script handles; the page build, without Node types, needs only
 * the name.
 */
type Buffer = Uint8Array;
