"""A complete engine for the Briscola engine protocol in a dozen lines, without the briscola
package: it plays the first legal action. Any language works the same way (docs/protocol.md).

Try it in the arena:  briscola arena simple "first=engine:python examples/first_legal_engine.py"
"""

import json
import sys

for line in sys.stdin:
    if not line.strip():
        continue
    request = json.loads(line)
    kind = request.get("type")
    if kind == "hello":
        reply = {"type": "hello", "name": "first-legal", "version": "1.0", "protocol": 1}
    elif kind == "act":
        reply = {"type": "action", "action": request["observation"]["legal"][0]}
    elif kind == "new_game":
        reply = {"type": "ready"}
    elif kind == "quit":
        reply = {"type": "bye"}
    else:
        reply = {"type": "error", "message": f"unknown request type {kind!r}"}
    if "id" in request:
        reply["id"] = request["id"]
    print(json.dumps(reply), flush=True)
    if kind == "quit":
        break
