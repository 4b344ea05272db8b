/**
 * What `kubectl rollout` prints without a subcommand (cobra help through DefaultSubCommandRun,
 * kubectl 1.33), with the program name the user typed. Exit code 1; an unknown subcommand adds
 * unknownSubcommand's two lines on stderr.
 */
export function rolloutHelp(prog: string): string {
  return `Manage the rollout of one or many resources.
        
 Valid resource types include:

  *  deployments
  *  daemonsets
  *  statefulsets

Examples:
  # Rollback to the previous deployment
  ${prog} rollout undo deployment/abc
  
  # Check the rollout status of a daemonset
  ${prog} rollout status daemonset/foo
  
  # Restart a deployment
  ${prog} rollout restart deployment/abc
  
  # Restart deployments with the 'app=nginx' label
  ${prog} rollout restart deployment --selector=app=nginx

Available Commands:
  history       View rollout history
  pause         Mark the provided resource as paused
  restart       Restart a resource
  resume        Resume a paused resource
  status        Show the status of the rollout
  undo          Undo a previous rollout

Usage:
  ${prog} rollout SUBCOMMAND [options]

Use "${prog} rollout <command> --help" for more information about a given command.
Use "${prog} options" for a list of global command-line options (applies to all commands).
`;
}

/** DefaultSubCommandRun's error for `rollout foo`. */
export function unknownSubcommand(prog: string, name: string): string {
  return `error: unknown command "${name}"\nSee '${prog} rollout -h' for help and examples\n`;
}
