package org.submission.shared.model;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.EnumSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.generator.BeforeExecutionGenerator;
import org.hibernate.generator.EventType;
import org.hibernate.generator.EventTypeSets;
import org.hibernate.reactive.id.ReactiveIdentifierGenerator;
import org.hibernate.reactive.session.ReactiveConnectionSupplier;

/**
 * Takes {@code nextval('hibernate_sequence')} for each new record, one at a time: existing PASS
 * databases increment that sequence by one, so a pooled optimiser would hand out ids another PASS
 * writer also uses. An id already set is kept, so that seed files can name their records' ids
 * (the sequence's own generator would replace it).
 */
@RegisterForReflection
public class PassIdGenerator implements ReactiveIdentifierGenerator<Long>, BeforeExecutionGenerator {

    static final String NEXT_ID = "select nextval('hibernate_sequence')";

    @Override
    public CompletionStage<Long> generate(ReactiveConnectionSupplier session, Object entity) {
        if (entity instanceof PassEntity record && record.id != null) {
            return CompletableFuture.completedFuture(record.id);
        }
        return session.getReactiveConnection().selectIdentifier(NEXT_ID, new Object[0], Long.class);
    }

    /** Hibernate Reactive asks the reactive method above; this one only serves ids already set. */
    @Override
    public Object generate(SharedSessionContractImplementor session, Object owner, Object currentValue, EventType eventType) {
        if (currentValue == null) {
            throw new UnsupportedOperationException("PASS ids are generated reactively");
        }
        return currentValue;
    }

    @Override
    public boolean allowAssignedIdentifiers() {
        return true;
    }

    @Override
    public boolean generatedOnExecution() {
        return false;
    }

    @Override
    public EnumSet<EventType> getEventTypes() {
        return EventTypeSets.INSERT_ONLY;
    }
}
