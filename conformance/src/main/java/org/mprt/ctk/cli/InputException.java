package org.mprt.ctk.cli;

/** Bad input from the user, reported in one line and mapped to exit code 2. */
final class InputException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    InputException(final String message) {
        super(message);
    }
}
