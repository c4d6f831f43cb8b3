package org.mprt.ctk.verdict.rule;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a rule that judges by the frames' contents and their order in the capture alone, never by
 * their capture timestamps, directly or through the state: it is judged on a capture whose frames
 * record no time too ({@link Rule#comparesTimestamps()}). {@code UntimedCapturesTest} holds every
 * rule so marked to the same verdict on each capture of captures/ with its timestamps taken away.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface JudgedWithoutTime {
}
