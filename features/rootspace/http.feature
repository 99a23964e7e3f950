# Generated from specs/rootspace/http.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Streamable HTTP: sessions, authorization, safety

  @MCP-002 @must @http-only
  Scenario: HTTP-001 initialize over HTTP answers with a result
    When the client sends the HTTP request {"message":{"id":1,"jsonrpc":"2.0","method":"initialize","params":{"capabilities":{},"clientInfo":{"name":"raw","version":"1"},"protocolVersion":"2025-11-25"}},"session":"none","token":"full"}
    Then the HTTP status is 200
    And the HTTP response carries a JSON-RPC result
    And nothing outside the root has changed

  @MCP-002 @must @http-only
  Scenario: HTTP-002 server/discover works without a session
    When the client sends the HTTP request {"headers":{"mcp-method":"server/discover","mcp-protocol-version":"2026-07-28"},"message":{"id":1,"jsonrpc":"2.0","method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"raw","version":"1"},"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}},"session":"none","token":"full"}
    Then the HTTP status is 200
    And the HTTP response carries a JSON-RPC result
    And nothing outside the root has changed

  @MCP-002 @must @http-only
  Scenario: HTTP-003 a tool call works over HTTP in the run's era
    Given a file "a.txt" with text "one\ntwo\n"
    When the client calls "text.read" with {"path":"a.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["one","two"]
    And nothing outside the root has changed

  @MCP-005 @must @http-only
  Scenario: HTTP-010 initialize hands out a UUID v4 session id
    When the client sends the HTTP request {"message":{"id":1,"jsonrpc":"2.0","method":"initialize","params":{"capabilities":{},"clientInfo":{"name":"raw","version":"1"},"protocolVersion":"2025-11-25"}},"session":"none","token":"full"}
    Then the HTTP status is 200
    And the response header "mcp-session-id" is a UUID v4
    And nothing outside the root has changed

  @MCP-005 @must @http-only
  Scenario: HTTP-011 an unknown session id gets 404
    When the client sends the HTTP request {"message":{"id":2,"jsonrpc":"2.0","method":"tools/list"},"session":"unknown","token":"full"}
    Then the HTTP status is 404
    And nothing outside the root has changed

  @MCP-005 @must @http-only
  Scenario: HTTP-012 a session ended with DELETE gets 404
    When the client sends the HTTP request {"message":{"id":2,"jsonrpc":"2.0","method":"tools/list"},"session":"ended","token":"full"}
    Then the HTTP status is 404
    And nothing outside the root has changed

  @MCP-005 @must @http-only
  Scenario: HTTP-013 a live session answers requests
    When the client sends the HTTP request {"message":{"id":2,"jsonrpc":"2.0","method":"tools/list"},"session":"new","token":"full"}
    Then the HTTP status is 200
    And the HTTP response carries a JSON-RPC result
    And nothing outside the root has changed

  @MCP-051 @must @http-only
  Scenario: HTTP-020 no bearer token gets 401 with a challenge
    When the client sends the HTTP request {"message":{"id":2,"jsonrpc":"2.0","method":"tools/list"},"session":"new","token":"none"}
    Then the HTTP status is 401
    And the response header "www-authenticate" contains "Bearer"
    And nothing outside the root has changed

  @MCP-051 @must @http-only
  Scenario: HTTP-021 a wrong bearer token gets 401 with a challenge
    When the client sends the HTTP request {"message":{"id":2,"jsonrpc":"2.0","method":"tools/list"},"session":"new","token":"bad"}
    Then the HTTP status is 401
    And the response header "www-authenticate" contains "Bearer"
    And nothing outside the root has changed

  @MCP-051 @must @http-only
  Scenario: HTTP-022 a read-only token cannot replace: 403
    Given a file "a.txt" with text "old\n"
    When the client sends the HTTP request {"message":{"id":2,"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"hash":"${sha256:a.txt}","lines":[1,2],"new":"new","old":"old","path":"a.txt"},"name":"text.replace"}},"session":"new","token":"read"}
    Then the HTTP status is 403
    And the response header "www-authenticate" contains "insufficient_scope"
    And the file "a.txt" has text "old\n"
    And nothing outside the root has changed

  @MCP-051 @must @http-only
  Scenario: HTTP-023 a read-write token can replace
    Given a file "a.txt" with text "old\n"
    When the client sends the HTTP request {"message":{"id":2,"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"hash":"${sha256:a.txt}","lines":[1,2],"new":"new","old":"old","path":"a.txt"},"name":"text.replace"}},"session":"new","token":"full"}
    Then the HTTP status is 200
    And the HTTP response carries a JSON-RPC result
    And the file "a.txt" has text "new\n"
    And nothing outside the root has changed

  @MCP-051 @must @http-only
  Scenario: HTTP-024 a read-only token can read
    Given a file "a.txt" with text "old\n"
    When the client sends the HTTP request {"message":{"id":2,"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{"path":"a.txt"},"name":"text.read"}},"session":"new","token":"read"}
    Then the HTTP status is 200
    And the HTTP response carries a JSON-RPC result
    And nothing outside the root has changed

  @MCP-051 @CLR-035 @must @clarification @http-only
  Scenario: HTTP-025 a read-only token lists every tool
    When the client sends the HTTP request {"message":{"id":2,"jsonrpc":"2.0","method":"tools/list"},"session":"new","token":"read"}
    Then the HTTP status is 200
    And the HTTP response carries a JSON-RPC result
    And nothing outside the root has changed

  @CLR-033 @must @clarification @http-only
  Scenario: HTTP-030 a foreign Origin is refused with 403
    When the client sends the HTTP request {"headers":{"origin":"http://evil.example"},"message":{"id":1,"jsonrpc":"2.0","method":"initialize","params":{"capabilities":{},"clientInfo":{"name":"raw","version":"1"},"protocolVersion":"2025-11-25"}},"session":"none","token":"full"}
    Then the HTTP status is 403
    And nothing outside the root has changed

  @CLR-033 @must @clarification @http-only
  Scenario: HTTP-031 a loopback Origin is served
    When the client sends the HTTP request {"headers":{"origin":"http://localhost:3000"},"message":{"id":1,"jsonrpc":"2.0","method":"initialize","params":{"capabilities":{},"clientInfo":{"name":"raw","version":"1"},"protocolVersion":"2025-11-25"}},"session":"none","token":"full"}
    Then the HTTP status is 200
    And the HTTP response carries a JSON-RPC result
    And nothing outside the root has changed

  @CLR-034 @must @clarification @http-only
  Scenario: HTTP-040 a 50 MB body gets 413
    When the client sends the HTTP request {"body_bytes":50000000,"session":"new","token":"full"}
    Then the HTTP status is 413
    And nothing outside the root has changed

  @CLR-034 @must @clarification @http-only
  Scenario: HTTP-041 a body that is not JSON gets 400
    When the client sends the HTTP request {"raw_body":"this is not json","session":"new","token":"full"}
    Then the HTTP status is 400
    And nothing outside the root has changed

  @CLR-034 @must @clarification @http-only
  Scenario: HTTP-042 a Content-Type other than JSON gets 415
    When the client sends the HTTP request {"headers":{"content-type":"text/plain"},"message":{"id":2,"jsonrpc":"2.0","method":"tools/list"},"session":"new","token":"full"}
    Then the HTTP status is 415
    And nothing outside the root has changed

  @CLR-034 @must @clarification @http-only
  Scenario: HTTP-043 a POST without the Accept types gets 406
    When the client sends the HTTP request {"headers":{"accept":""},"message":{"id":2,"jsonrpc":"2.0","method":"tools/list"},"session":"new","token":"full"}
    Then the HTTP status is 406
    And nothing outside the root has changed

  @CLR-034 @must @clarification @http-only
  Scenario: HTTP-044 a GET that does not accept SSE gets 406
    When the client sends the HTTP request {"headers":{"accept":"application/json"},"method":"GET","session":"new","token":"full"}
    Then the HTTP status is 406
    And nothing outside the root has changed
