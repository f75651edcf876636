"""Tables around the play: lobby, host tools, rematch, departures, invites and who may watch."""
