# Generated from specs/filesystem/tools.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Tool discovery (tools/list)

  @FS-TOOLS-001 @FS-READ-003 @must
  Scenario: FSC-TOOL-001 tools/list offers read_file with its schema
    When the client lists the tools
    Then the tool "read_file" requires ["path"] and has properties ["path","head","tail"]
    And nothing outside the root has changed

  @FS-TOOLS-001 @FS-READ-001 @FS-READ-002 @must
  Scenario: FSC-TOOL-002 tools/list offers read_text_file with its schema
    When the client lists the tools
    Then the tool "read_text_file" requires ["path"] and has properties ["path","head","tail"]
    And nothing outside the root has changed

  @FS-TOOLS-001 @FS-READ-005 @must
  Scenario: FSC-TOOL-003 tools/list offers read_media_file with its schema
    When the client lists the tools
    Then the tool "read_media_file" requires ["path"] and has properties ["path"]
    And nothing outside the root has changed

  @FS-TOOLS-001 @FS-READ-004 @must
  Scenario: FSC-TOOL-004 tools/list offers read_multiple_files with its schema
    When the client lists the tools
    Then the tool "read_multiple_files" requires ["paths"] and has properties ["paths"]
    And nothing outside the root has changed

  @FS-TOOLS-001 @FS-WRITE-001 @must
  Scenario: FSC-TOOL-005 tools/list offers write_file with its schema
    When the client lists the tools
    Then the tool "write_file" requires ["path","content"] and has properties ["path","content"]
    And nothing outside the root has changed

  @FS-TOOLS-001 @FS-EDIT-001 @FS-EDIT-002 @must
  Scenario: FSC-TOOL-006 tools/list offers edit_file with its schema
    When the client lists the tools
    Then the tool "edit_file" requires ["path","edits"] and has properties ["path","edits","dryRun"]
    And nothing outside the root has changed

  @FS-TOOLS-001 @FS-DIR-001 @must
  Scenario: FSC-TOOL-007 tools/list offers create_directory with its schema
    When the client lists the tools
    Then the tool "create_directory" requires ["path"] and has properties ["path"]
    And nothing outside the root has changed

  @FS-TOOLS-001 @FS-DIR-002 @must
  Scenario: FSC-TOOL-008 tools/list offers list_directory with its schema
    When the client lists the tools
    Then the tool "list_directory" requires ["path"] and has properties ["path"]
    And nothing outside the root has changed

  @FS-TOOLS-001 @FS-DIR-003 @must
  Scenario: FSC-TOOL-009 tools/list offers list_directory_with_sizes with its schema
    When the client lists the tools
    Then the tool "list_directory_with_sizes" requires ["path"] and has properties ["path","sortBy"]
    And nothing outside the root has changed

  @FS-TOOLS-001 @FS-DIR-004 @must
  Scenario: FSC-TOOL-010 tools/list offers directory_tree with its schema
    When the client lists the tools
    Then the tool "directory_tree" requires ["path"] and has properties ["path","excludePatterns"]
    And nothing outside the root has changed

  @FS-TOOLS-001 @FS-MOVE-001 @must
  Scenario: FSC-TOOL-011 tools/list offers move_file with its schema
    When the client lists the tools
    Then the tool "move_file" requires ["source","destination"] and has properties ["source","destination"]
    And nothing outside the root has changed

  @FS-TOOLS-001 @FS-SEARCH-001 @must
  Scenario: FSC-TOOL-012 tools/list offers search_files with its schema
    When the client lists the tools
    Then the tool "search_files" requires ["path","pattern"] and has properties ["path","pattern","excludePatterns"]
    And nothing outside the root has changed

  @FS-TOOLS-001 @FS-INFO-001 @must
  Scenario: FSC-TOOL-013 tools/list offers get_file_info with its schema
    When the client lists the tools
    Then the tool "get_file_info" requires ["path"] and has properties ["path"]
    And nothing outside the root has changed

  @FS-TOOLS-001 @FS-ROOTS-001 @must
  Scenario: FSC-TOOL-014 tools/list offers list_allowed_directories with its schema
    When the client lists the tools
    Then the tool "list_allowed_directories" requires [] and has properties []
    And nothing outside the root has changed
