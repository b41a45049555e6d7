"""Table chat over HTTP and WebSocket: routes and the hub of chat sockets."""
