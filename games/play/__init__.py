"""The one move path: moves, their writes, compiled reads, replay, signals and the platform's seat moves."""
