"""The simulator: seeded bots that play legal games through the engine, and fault injection."""
