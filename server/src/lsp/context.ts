// What the server's handlers share, passed to each module that registers some (see server.ts):
// the connection and its host, the open documents and what is kept of each, and what initialize
// set (what the client takes, its folders, the lifecycle), read when a handler runs.

import type { Connection, TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { NameCheck, ReadByMars } from '../features/fileName';
import type { McpManifest } from '../features/mcpServers';
import type { ClientTakes } from './clientTakes';
import type { DocumentStates } from './documentStates';
import type { SettingsCache } from './settings';

/** What the server needs from its host that a browser could not give: the file system. */
export interface ServerHost {
  /**
   * MCP servers declared near a document (`mcp/<name>/mcp.toml`), for completion in `mcp(` and go
   * to definition: `'soon'` may answer with what was read a few seconds ago, `'fresh'` may not.
   */
  mcpServers?(documentUri: string, workspaceFolders: readonly string[], want: 'soon' | 'fresh'): Promise<readonly McpManifest[]>;
  /** The client's file watcher told of a change under an `mcp/` folder: `mcpServers` reads the disk again when next asked. */
  mcpServersChanged?(): void;
  /**
   * Every message is written by `encodeMessage` (see encodedRuns.ts), so lists of diagnostics can
   * leave their items unmade; another transport needs them made.
   */
  readonly encodesRuns?: boolean;
  /** Diagnostics were made for a document (each time): the Node entry then writes its code cache, which holds the code that ran. */
  diagnosed?(): void;
  /** Whether Mars reads a document named as its file in other letter cases (`Mars.toml`): see `ReadByMars`. Without it, the server cannot tell. */
  readonly readByMars?: ReadByMars;
}

export interface ServerContext {
  readonly connection: Connection;
  readonly host: ServerHost;
  readonly documents: TextDocuments<TextDocument>;
  readonly states: DocumentStates;
  readonly settings: SettingsCache;
  /**
   * What the server does with each open document of a Mars file's name (`nameCheck`), decided when
   * it is opened: not every TOML file an editor attaches it to is one, and one named in other letter
   * cases is served only where Mars reads it.
   */
  readonly names: Map<string, NameCheck>;
  /** What the client said it takes (initialize); nothing is sent that it did not offer. */
  client: ClientTakes;
  workspaceFolders: string[];
  lifecycle: 'new' | 'running' | 'shut down';
  readonly nameOf: (uri: string) => NameCheck | undefined;
  /** An open document the server speaks for: mars.toml or mars.local.toml (or, where Mars reads it, Mars.toml). */
  readonly marsDoc: (uri: string) => TextDocument | undefined;
  /** Whether `doc` is still the open document of its URI (edits update it in place; a reopen makes another), at `version` if given. */
  readonly isOpen: (doc: TextDocument, version?: number) => boolean;
}
