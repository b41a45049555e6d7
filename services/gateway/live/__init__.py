"""Live pushes: the table WebSocket, presence, and closing sockets whose rights ended."""
