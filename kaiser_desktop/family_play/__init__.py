"""Family play: a table shared by people at several computers, as a wing of its own.

The host's table (`family_table`), the joining app's controller (`remote_controller`,
replaying the host's views with `view_steps`), the links over the home network and a relay
(`links`, `net_links`), finding tables on the home network (`discovery`) and the sessions
the Play with family dialog opens (`family_session`). It builds on `app` (the controller it
sits beside), `net` (the messages) and `rules`; nothing in `app`, `net`, `ai` or `rules`
imports it (tests/test_layers.py).
"""
