package org.mprt.ctk.reference.verbs;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/** Completions of one connection in the order the endpoint produced them; polled by the application. */
public final class CompletionQueue {

    private final ArrayDeque<WorkCompletion> entries = new ArrayDeque<>();

    /** The oldest completion, or null when the queue is empty. */
    public WorkCompletion poll() {
        return entries.pollFirst();
    }

    /** Removes and returns every completion, oldest first. */
    public List<WorkCompletion> drain() {
        final List<WorkCompletion> all = new ArrayList<>(entries);
        entries.clear();
        return all;
    }

    public int size() {
        return entries.size();
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** Endpoint side: appends a completion. */
    public void push(final WorkCompletion completion) {
        entries.addLast(completion);
    }
}
