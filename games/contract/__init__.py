"""What a game may import from the platform: the engine protocol, GameKind and the registry."""
