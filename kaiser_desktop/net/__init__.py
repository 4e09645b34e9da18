"""Family play across computers: the part with no Qt and no sockets (docs/NETWORK.md).

- `protocol`: the versioned messages (`encode`, `decode`).
- `wire`: the size limit and strict reading of a message's JSON (`ProtocolError`).
- `seat_view`: what one seat may see, as a message, built from `rules.observe`.
- `seat_stream`: the messages the host sends one seat as the game goes on.
- `referee_gate`: a remote seat's action checked against the rules, never applied.
- `table_code`: the words a host reads over the phone.

The layers: rules <- net <- app. Nothing here imports Qt, the bots, app/ or ui/.
"""
