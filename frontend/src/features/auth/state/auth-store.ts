import type { AuthLocale, MeResponse } from '@shared/contracts/auth-api';
import type { RuntimeConfig } from '@shared/contracts/runtime-config';
import { AuthFailure, isNetworkError, message, toAuthMessage, type AuthMessage, type AuthOperation } from '../api/auth-errors';
import {
  completePasswordReset,
  confirmEmail,
  confirmTotpSignIn,
  createAccount,
  endSession,
  eraseOfflineCopy,
  forgetStoredSession,
  readAttributes,
  requestPasswordReset,
  sendVerificationEmail,
  setDisplayName,
  signInWithPassword,
  TOTP_SIGN_IN_STEP,
} from '../api/cognito-auth';
import type { EmailCheckResult } from '../api/email-validation';
import { onAdminRefused, onSessionEnded } from '../../../lib/api/api-client';
import { claimFirstAdmin, fetchMe } from '../../../lib/api/me-client';
import { configureIdentity } from '../../../lib/api/amplify';
import { readIdTokenClaims } from '../../../lib/api/session';
import { signedOutElsewhere } from '../../../lib/api/stored-session';
import { userFromClaims, type AuthUser } from './auth-user';

/** A one-off message for the layout's flash bar (the welcome after verification). */
export interface AuthFlash {
  kind: 'welcome';
  name: string | null;
}

/** The auth state, plus the flash message. */
export interface AuthState {
  user: AuthUser | null;
  loading: boolean;
  error: AuthMessage | null;
  isInitialized: boolean;
  flash: AuthFlash | null;
  /**
   * Whether the server counts the user an administrator now (GET /api/me `isAdmin`); null until it answered.
   * The admin menu and pages follow it, never the token's group (up to an hour old).
   */
  serverAdmin: boolean | null;
  /** An administrator who must enrol an authenticator before the admin pages open (docs/auth.md). */
  adminMfaSetup: boolean;
  /**
   * The last GET /api/me answer this store read (at sign-in, or asked again by "Refresh Admin Status"); null until
   * then. The signed-in shell's query cache starts from it instead of asking the server again (app/query-provider.tsx).
   */
  me: MeResponse | null;
  /** The person signed out in this tab and nobody has signed in since: the sign-in page says so. */
  signedOut: boolean;
  /** The server refused the session's token (401) and nobody has signed in since: the sign-in page says it ended. */
  sessionExpired: boolean;
}

export interface RegistrationInput {
  email: string;
  password: string;
  displayName?: string;
}

export type SignInOutcome =
  | { status: 'verified'; user: AuthUser }
  | { status: 'unverified'; user: AuthUser }
  /** The account has an authenticator: the sign-in waits for its code (confirmSignInCode). */
  | { status: 'totp' };

const INITIAL: AuthState = {
  user: null,
  loading: false,
  error: null,
  isInitialized: false,
  flash: null,
  serverAdmin: null,
  adminMfaSetup: false,
  me: null,
  signedOut: false,
  sessionExpired: false,
};

/**
 * The one source of truth for "who is signed in". Guards read it (router loaders await `initialize()` before
 * every navigation), pages call its actions, React subscribes with useSyncExternalStore. Every identity call
 * also reports whether the identity service answered, which feeds the service-health record.
 */
/** How long sign-out waits for identity calls already under way before it forgets the session again. */
export const SIGN_OUT_WAIT_MS = 5_000;

export class AuthStore {
  private state: AuthState = INITIAL;
  private readonly listeners = new Set<() => void>();
  private initializing: Promise<void> | undefined;
  private apiBaseUrl = '/api';
  private reachability: ((reachable: boolean) => void) | undefined;
  /** Identity calls under way (a token refresh among them): sign-out waits for them, briefly, and clears after. */
  private readonly underWay = new Set<Promise<unknown>>();

  getState = (): AuthState => this.state;

  constructor() {
    onAdminRefused((code) => {
      // An administrator without the required second factor: the admin pages ask them to enrol one.
      if (code === 'MFA_REQUIRED') this.set({ adminMfaSetup: true });
      else if (this.state.serverAdmin) this.set({ serverAdmin: false });
    });
    onSessionEnded(() => void this.sessionEnded());
    // Signed out in another tab of this browser: the tokens both tabs share are gone, so this tab signs out too
    // rather than keep showing the directory from memory (a shared computer).
    if (typeof window !== 'undefined') {
      window.addEventListener('storage', (event) => {
        if (this.state.user && signedOutElsewhere(event)) void this.signOut();
      });
    }
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<AuthState>): void {
    this.state = { ...this.state, ...(patch.user ? { signedOut: false, sessionExpired: false } : {}), ...patch };
    this.listeners.forEach((listener) => listener());
  }

  /** Applies `/config.json`; a different pool starts over from "not initialised". */
  configure(config: RuntimeConfig): void {
    this.apiBaseUrl = config.apiBaseUrl;
    if (configureIdentity(config)) {
      const started = this.initializing !== undefined;
      this.initializing = undefined;
      this.set(INITIAL);
      // A session read before this configuration read the wrong pool (or none): read it again.
      if (started) void this.initialize();
    }
  }

  onIdentityReachability(report: (reachable: boolean) => void): () => void {
    this.reachability = report;
    return () => {
      if (this.reachability === report) this.reachability = undefined;
    };
  }

  /**
   * Runs an identity call and reports the service reachable when it answered, unreachable when the network
   * failed. Other errors say nothing either way (some are raised by Amplify itself, without a request).
   */
  private async identity<T>(call: () => Promise<T>): Promise<T> {
    const running = call();
    this.underWay.add(running);
    try {
      const result = await running;
      this.reachability?.(true);
      return result;
    } catch (error) {
      if (isNetworkError(error)) this.reachability?.(false);
      throw error;
    } finally {
      this.underWay.delete(running);
    }
  }

  /** Runs an action with `loading` set; failures become authentication messages in `error` and are rethrown. */
  private async action<T>(operation: AuthOperation, run: () => Promise<T>, onFailure?: Partial<AuthState>): Promise<T> {
    this.set({ loading: true, error: null });
    try {
      const result = await run();
      this.set({ loading: false });
      return result;
    } catch (error) {
      const failure = error instanceof AuthFailure ? error : new AuthFailure(toAuthMessage(error, operation), error);
      this.set({ loading: false, error: failure.authMessage, ...onFailure });
      throw failure;
    }
  }

  /** Reads the stored session once; later calls return the same promise (the loaders call it on every navigation). */
  initialize(): Promise<void> {
    this.initializing ??= this.loadSession();
    return this.initializing;
  }

  private async loadSession(): Promise<void> {
    let user: AuthUser | null = null;
    let offline = false;
    try {
      user = userFromClaims(await this.identity(() => readIdTokenClaims()));
    } catch (error) {
      // An unreadable or unrefreshable session is a signed-out visitor, not a broken app.
      console.warn('Stored session unusable', (error as Error).name);
      offline = isNetworkError(error);
    }
    // Nobody signed in (the session ended elsewhere, or was revoked): no offline copy may outlive it. A session
    // that could not be refreshed for want of a network has not ended: its copy stays.
    if (!user && !offline) void eraseOfflineCopy('endSession');
    this.set({ user, isInitialized: true });
    if (user) void this.refreshProfile(user.uid);
  }

  /** Best-effort extras after sign-in: the display name, and the server's admin decision (GET /api/me). */
  private async refreshProfile(uid: string): Promise<void> {
    try {
      const attributes = await this.identity(readAttributes);
      let displayName = attributes.name ?? null;
      let serverAdmin: boolean | null = null;
      let adminMfaSetup = false;
      let me: MeResponse | null = null;
      if (this.state.user?.uid !== uid) return;
      if (this.state.user.emailVerified) {
        me = await this.readMe();
        displayName ??= me.displayName;
        serverAdmin = me.isAdmin;
        adminMfaSetup = me.mfaSetupRequired === true;
      }
      // Read the state again: it may have changed (verified, signed out) while the calls ran.
      const latest = this.state.user;
      if (latest?.uid !== uid) return;
      this.set({ user: { ...latest, displayName: displayName ?? latest.displayName }, serverAdmin, adminMfaSetup, me });
    } catch (error) {
      console.warn('Profile refresh failed', (error as Error).name);
      // Unknown counts as "not an administrator": the admin page then offers "Refresh Admin Status".
      if (this.state.user?.uid === uid && this.state.serverAdmin === null) this.set({ serverAdmin: false });
    }
  }

  /** The GET /api/me under way (readMe), if any: the screens' own read of it waits for this one (pendingMe). */
  private meReading: Promise<MeResponse> | null = null;

  /** GET /api/me, after appointing the deployment's first administrator when the server offers it (once). */
  private readMe(): Promise<MeResponse> {
    const reading = (async () => {
      const me = await fetchMe(this.apiBaseUrl);
      if (!me.firstAdminAvailable) return me;
      await claimFirstAdmin(this.apiBaseUrl);
      return fetchMe(this.apiBaseUrl);
    })();
    this.meReading = reading;
    const done = () => {
      if (this.meReading === reading) this.meReading = null;
    };
    reading.then(done, done);
    return reading;
  }

  /**
   * The answer of the GET /api/me this store is reading now, for the signed-in person, or null: a screen that
   * opens meanwhile takes it instead of asking the same question (app/query-provider.tsx).
   */
  pendingMe(): Promise<MeResponse> | null {
    return this.meReading;
  }

  /** Asks the server again whether the user is an administrator now (the admin page's "Refresh Admin Status"). */
  async refreshAdminStatus(): Promise<boolean> {
    const me = await this.readMe();
    this.set({ serverAdmin: me.isAdmin, adminMfaSetup: me.mfaSetupRequired === true, me });
    return me.isAdmin;
  }

  /** Signing in (docs/product-rules.md): an unverified email fails with email-not-verified but keeps the user; other failures clear it. */
  signIn(email: string, password: string): Promise<SignInOutcome> {
    return this.action(
      'signIn',
      async (): Promise<SignInOutcome> => {
        if (this.state.user) await endSession().catch(() => undefined);
        const result = await this.identity(() => signInWithPassword(email, password)).catch(async (error: unknown) => {
          // Amplify still holds a session the app did not recognise (e.g. unreadable at start-up): end it, retry.
          if ((error as Error).name !== 'UserAlreadyAuthenticatedException') throw error;
          await endSession().catch(() => undefined);
          return this.identity(() => signInWithPassword(email, password));
        });
        if (!result.isSignedIn && result.step === TOTP_SIGN_IN_STEP) return { status: 'totp' };
        return this.finishSignIn(result);
      },
      { user: null },
    );
  }

  /** The second step of a sign-in whose account has an authenticator: its 6-digit code. */
  confirmSignInCode(code: string): Promise<SignInOutcome> {
    return this.action('signIn', async (): Promise<SignInOutcome> => {
      const result = await this.identity(() => confirmTotpSignIn(code));
      return this.finishSignIn(result);
    });
  }

  /** Once Cognito says signed in: the user from the ID token, the verified-email rule, then the profile. */
  private async finishSignIn(result: { isSignedIn: boolean; step: string }): Promise<SignInOutcome> {
    if (!result.isSignedIn) throw new AuthFailure(message('unexpected', [], result.step));
    const user = userFromClaims(await readIdTokenClaims());
    if (!user) throw new AuthFailure(message('unexpected'));
    const verified = user.emailVerified;
    const fresh = { user, serverAdmin: null, adminMfaSetup: false, me: null };
    this.set(verified ? fresh : { ...fresh, error: message('emailNotVerified') });
    void this.refreshProfile(user.uid);
    return verified ? { status: 'verified', user } : { status: 'unverified', user };
  }

  /**
   * Registration (docs/product-rules.md): validate with the server, create the account, sign in, set the display name, send the
   * verification email, keep the user. A verification email that cannot be sent is a warning, not a failure:
   * the account exists and the verification page can resend it.
   */
  register(
    input: RegistrationInput,
    locale: AuthLocale,
    validate: (email: string) => Promise<EmailCheckResult>,
  ): Promise<{ user: AuthUser; emailWarning: AuthMessage | null }> {
    return this.action('signUp', async () => {
      const check = await validate(input.email);
      if (!check.authorized) throw new AuthFailure(check.error ?? message('notAuthorizedToRegister'));
      await this.identity(() => createAccount(check.email, input.password, locale));
      const signedIn = await this.identity(() => signInWithPassword(check.email, input.password)).catch((error) => {
        throw new AuthFailure(toAuthMessage(error, 'signIn'), error);
      });
      if (!signedIn.isSignedIn) throw new AuthFailure(message('unexpected', [], signedIn.step));
      const name = input.displayName?.trim() || check.displayName;
      if (name) await this.identity(() => setDisplayName(name)).catch(() => undefined);
      let emailWarning: AuthMessage | null = null;
      await this.identity(() => sendVerificationEmail(locale)).catch((error: unknown) => {
        emailWarning = toAuthMessage(error, 'sendVerification');
      });
      const user = userFromClaims(await readIdTokenClaims());
      if (!user) throw new AuthFailure(message('unexpected'));
      const current = { ...user, displayName: name || user.displayName };
      this.set({ user: current });
      return { user: current, emailWarning };
    });
  }

  /** Signing out: clears the user (local tokens go even if the service cannot be told). */
  async signOut(): Promise<void> {
    await this.endStoredSession('Sign-out call failed');
    this.set({ user: null, error: null, loading: false, flash: null, serverAdmin: null, adminMfaSetup: false, me: null, signedOut: true });
  }

  /**
   * Ends the session on the device (endSession: Amplify's sign-out, whose event clears the directory copy). A token
   * refresh already under way (the reachability check forces one after sign-in and when the network comes back)
   * stores the session again when it lands: wait for it (a few seconds at most), then forget the session once more.
   */
  private async endStoredSession(failure: string): Promise<void> {
    const underWay = [...this.underWay];
    await endSession().catch((error: unknown) => console.warn(failure, (error as Error).name));
    if (underWay.length > 0) {
      await Promise.race([Promise.allSettled(underWay), new Promise((resolve) => setTimeout(resolve, SIGN_OUT_WAIT_MS))]);
      forgetStoredSession();
    }
  }

  /**
   * The server refused the session's token (an API call answered 401: revoked, expired, the account deleted). The
   * person is signed out at once (the guard sends them to sign in, saying the session ended), then the session's
   * tokens and the offline copy go as at sign-out, a refresh under way included (the page's first call can meet the
   * 401 while the signed-in shell's forced refresh runs: its tokens were stored back after the session ended).
   */
  private async sessionEnded(): Promise<void> {
    if (!this.state.user) return;
    this.set({ user: null, error: null, loading: false, flash: null, serverAdmin: null, adminMfaSetup: false, me: null, signedOut: false, sessionExpired: true });
    await this.endStoredSession('Ending the refused session failed');
  }

  /** Refresh: new tokens and attributes; returns the user, whose `emailVerified` says where they stand. */
  async refreshUser(): Promise<AuthUser | null> {
    const attributes = await this.identity(readAttributes);
    const user = userFromClaims(await this.identity(() => readIdTokenClaims(true)), this.state.user);
    const refreshed = user ? { ...user, displayName: attributes.name ?? user.displayName } : null;
    this.set({ user: refreshed });
    return refreshed;
  }

  /** The cheap re-check of the verification page: reads the attribute, refreshes tokens only once it is true. */
  checkVerified(): Promise<boolean> {
    return this.action('checkVerification', async () => {
      const { emailVerified } = await this.identity(readAttributes);
      if (!emailVerified) return false;
      return await this.welcomeIfVerified(await this.refreshUser());
    });
  }

  /** Newly verified: the API now answers, so the registry's name can greet the person. */
  private async welcomeIfVerified(user: AuthUser | null): Promise<boolean> {
    if (!user?.emailVerified) return false;
    await this.refreshProfile(user.uid);
    this.set({ flash: { kind: 'welcome', name: this.state.user?.displayName ?? user.displayName } });
    return true;
  }

  resendVerificationEmail(locale: AuthLocale): Promise<void> {
    return this.action('sendVerification', async () => {
      if (!this.state.user) throw new AuthFailure(message('sessionExpired', ['signInToResend']));
      await this.identity(() => sendVerificationEmail(locale));
    });
  }

  /** The emailed link, opened in this browser: confirm, get tokens that say so, and welcome the person. */
  confirmEmailWithCode(code: string): Promise<AuthUser | null> {
    return this.action('confirmVerification', async () => {
      await this.identity(() => confirmEmail(code));
      const user = await this.refreshUser();
      await this.welcomeIfVerified(user);
      return this.state.user ?? user;
    });
  }

  requestPasswordReset(email: string, locale: AuthLocale): Promise<void> {
    return this.action('resetPassword', () => this.identity(() => requestPasswordReset(email, locale)));
  }

  completePasswordReset(email: string, code: string, newPassword: string, locale: AuthLocale): Promise<void> {
    return this.action('confirmResetPassword', () =>
      this.identity(() => completePasswordReset(email, code, newPassword, locale)),
    );
  }

  /**
   * A forced token refresh doubles as the identity service's health check. Only a signed-in user has a
   * refresh token; for anyone else the answer is unknown (null).
   */
  async checkIdentityReachable(): Promise<boolean | null> {
    if (!this.state.user) return null;
    try {
      const user = userFromClaims(await this.identity(() => readIdTokenClaims(true)), this.state.user);
      // The session ended while the check ran (signed out, or the server refused its token): it stays ended.
      if (this.state.user) this.set({ user });
      return true;
    } catch (error) {
      return !isNetworkError(error);
    }
  }

  clearFlash(): void {
    this.set({ flash: null });
  }
}

export const authStore = new AuthStore();
