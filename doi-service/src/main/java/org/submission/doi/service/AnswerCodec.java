package org.submission.doi.service;

import java.util.function.Function;

/** How one upstream's answers are kept in the shared cache (JSON text) and read back. */
interface AnswerCodec<T> {

    String encode(T answer);

    T decode(String body);

    /** A codec of two functions. */
    static <T> AnswerCodec<T> of(Function<T, String> write, Function<String, T> read) {
        return new AnswerCodec<>() {
            @Override
            public String encode(T answer) {
                return write.apply(answer);
            }

            @Override
            public T decode(String body) {
                return read.apply(body);
            }
        };
    }
}
