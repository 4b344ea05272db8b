/**
 * What `kubectl top` prints without a subcommand (cobra's help, on stderr since the command has
 * no Run, kubectl 1.33; exit 1), and the errors of an unknown subcommand or too many arguments.
 */
export function topHelp(prog: string): string {
  return `Display resource (CPU/memory) usage.

 The top command allows you to see the resource consumption for nodes or pods.

 This command requires Metrics Server to be correctly configured and working on the server.

Available Commands:
  node          Display resource (CPU/memory) usage of nodes
  pod           Display resource (CPU/memory) usage of pods

Usage:
  ${prog} top [flags] [options]

Use "${prog} top <command> --help" for more information about a given command.
Use "${prog} options" for a list of global command-line options (applies to all commands).
`;
}

/** DefaultSubCommandRun's error for `top foo`. */
export function unknownTopSubcommand(prog: string, name: string): string {
  return `error: unknown command "${name}"\nSee '${prog} top -h' for help and examples\n`;
}

/** cmdutil.UsageErrorf(cmd, "%s", cmd.Use) for more than one NAME. */
export function topUsageError(prog: string, sub: 'pod' | 'node'): string {
  return `error: ${sub} [NAME | -l label]\nSee '${prog} top ${sub} -h' for help and examples\n`;
}
