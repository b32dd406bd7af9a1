"""A board's game review, in one place: the review run in the background
(:mod:`.control`), what the board publishes of it and its commands (:mod:`.game_review`),
and the learn-from-mistakes mode (:mod:`.learn_mode`)."""
