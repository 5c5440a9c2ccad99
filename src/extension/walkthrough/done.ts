// A step of the Get Started walkthrough done: what it shows has worked, so its completion event's context key is set.
import * as vscode from 'vscode';
import { stepDoneContext, type WalkthroughStep } from './ids';

/**
 * What a step shows has worked (a dashboard drawn, an import written, alternatives listed, …): its completion event's
 * context key is set, and VS Code ticks the step (in both walkthroughs). A step whose action failed stays unticked.
 */
export function stepDone(step: Exclude<WalkthroughStep, 'signIn'>): void {
  void vscode.commands.executeCommand('setContext', stepDoneContext(step), true);
}
