# Varnish in front of the showcase (docs/decisions/099-varnish-in-front.md).
#
# Written for Varnish 7.1 (Debian bookworm's `varnish`) with the xkey module
# of varnish-modules 0.20 (Debian's `varnish-modules`). It keeps what the app
# marks public for as long as `Surrogate-Control` says (a day), forgets
# exactly the pages a write touches when the app sends
# `PURGE` with `xkey-purge: <tags>` (CDN_PURGE=varnish, CDN_PURGE_URL=this
# Varnish), and never keeps or answers from its store anything private.
#
# Edit the backends (and the purgers ACL when the app servers are not on
# this machine); nothing else needs changing.
vcl 4.1;

import std;
import xkey;
import directors;
import var;

# BEGIN backends: the app servers. Add one `backend` per server and one
# `add_backend` line per server in vcl_init; requests go round-robin.
backend app1 {
    .host = "127.0.0.1";
    .port = "3000";
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
    .probe = {
        .url = "/api/health/ready";
        .interval = 5s;
        .timeout = 2s;
        .window = 3;
        .threshold = 2;
    }
}

sub vcl_init {
    new app = directors.round_robin();
    app.add_backend(app1);
}
# END backends

# Who may purge: the app servers (they send the purges from their job queue).
# When a TLS proxy on this machine hands readers to Varnish, have it speak
# the PROXY protocol (`-a :6086,PROXY`): otherwise every reader arrives
# from 127.0.0.1 and this list lets them all purge.
acl purgers {
    "localhost";
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    set req.backend_hint = app.backend();
    # Set only by this file, never believed from a client.
    unset req.http.x-showcase-pass;

    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "An xkey-purge header is required"));
        }
        # Tags separated by spaces (or commas); each object carrying any of them goes.
        set req.http.x-purged = xkey.purge(req.http.xkey-purge);
        var.global_set("purged-at", "" + std.real(time = now));
        return (synth(200, "Purged"));
    }

    if (req.method != "GET" && req.method != "HEAD") {
        # Forms, sign-ins and every write go to the app, never to the store.
        set req.http.x-showcase-pass = "1";
        return (pass);
    }

    # Personal by nature: the back office and its API, sign-in, the
    # page-view beacon, health checks and metrics.
    if (req.url ~ "(?i)^/+(admin|auth)(/|\?|$)" ||
        req.url ~ "(?i)^/+api/+(admin|auth|events|health)(/|\?|$)" ||
        req.url ~ "(?i)^/+metrics(/|\?|$)") {
        set req.http.x-showcase-pass = "1";
        return (pass);
    }

    # Private links (common/private-links.ts): the token is the secret, in
    # the path (preview, campaign-update, sponsor-report) or in the query
    # (follow), in any letter case, the page or its API.
    if (req.url ~ "(?i)^/+(api/+)?(preview|campaign-update|sponsor-report|follow)/") {
        set req.http.x-showcase-pass = "1";
        return (pass);
    }

    # A signed-in member of staff (the session cookies of
    # server/http/session-cookies.ts) or an API client with a token: passed
    # through, whatever the page.
    if (req.http.Authorization ||
        req.http.Cookie ~ "(^|;)\s*(admin_refresh|admin_csrf)=") {
        set req.http.x-showcase-pass = "1";
        return (pass);
    }

    # Public pages read no cookie (the consent cookie is read in the
    # browser): dropping them lets every reader share one copy.
    unset req.http.Cookie;
    return (hash);
}

sub vcl_backend_fetch {
    # This file's own marker stays in Varnish.
    unset bereq.http.x-showcase-pass;
}

sub vcl_backend_response {
    # xkey indexes the `xkey` header; the app names its tags in Surrogate-Key.
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }

    # Kept only when the app says the answer is public. Anything private,
    # not to be stored, setting a cookie, or saying nothing is fetched
    # anew for every request (a hit-for-miss marker, not the answer, is
    # remembered for a minute).
    if (bereq.uncacheable) {
        return (deliver);
    }
    if (beresp.http.Set-Cookie ||
        beresp.http.Cache-Control !~ "(?i)(^|,)\s*public\b" ||
        beresp.http.Cache-Control ~ "(?i)(^|,)\s*(private|no-store|no-cache)\b" ||
        beresp.http.Surrogate-Control ~ "(?i)(^|,)\s*no-store\b" ||
        beresp.http.Vary == "*") {
        set beresp.ttl = 60s;
        set beresp.uncacheable = true;
        return (deliver);
    }

    # How long this cache may keep it: Surrogate-Control, else
    # CDN-Cache-Control, else Cache-Control (s-maxage, then max-age, as
    # Varnish reads it by itself). The app never lets the first two run past
    # the moment the page changes by the clock (a countdown that flips).
    if (beresp.http.Surrogate-Control ~ "(?i)(^|,)\s*max-age=[0-9]+") {
        set beresp.ttl = std.duration(regsub(beresp.http.Surrogate-Control, "(?i)^(.*,)?\s*max-age=([0-9]+).*$", "\2s"), 0s);
    } else if (beresp.http.CDN-Cache-Control ~ "(?i)(^|,)\s*max-age=[0-9]+") {
        set beresp.ttl = std.duration(regsub(beresp.http.CDN-Cache-Control, "(?i)^(.*,)?\s*max-age=([0-9]+).*$", "\2s"), 0s);
    }
    # A page that changes by the clock (it carries Expires) is never served
    # stale past that moment; the others may be, for a few seconds, while a
    # fresh copy is fetched.
    if (beresp.http.Expires) {
        set beresp.grace = 0s;
    } else {
        set beresp.grace = 10s;
    }
    # A missing page may be published any minute, and nothing purges a
    # "not found": kept for seconds only.
    if (beresp.status == 404 && !beresp.http.Surrogate-Key && beresp.ttl > 5s) {
        set beresp.ttl = 5s;
    }
    if (beresp.ttl <= 0s) {
        set beresp.ttl = 60s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    # Right after a purge, the other app servers may not have seen the
    # write yet (they do within a second): what they answer meanwhile is
    # kept for two seconds only, never served stale, and fetched again.
    if (std.real(var.global_get("purged-at"), 0) + 2 > std.real(time = now) && beresp.ttl > 2s) {
        set beresp.ttl = 2s;
        set beresp.grace = 0s;
    }
    # For this cache only: a reader's browser keeps the app's Cache-Control.
    unset beresp.http.Surrogate-Control;
    return (deliver);
}

sub vcl_deliver {
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else if (req.http.x-showcase-pass) {
        set resp.http.X-Cache = "PASS";
    } else {
        set resp.http.X-Cache = "MISS";
    }
    # The tags are for this cache's purges, not for readers.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Surrogate-Control;
    unset resp.http.Cache-Tag;
    unset resp.http.CDN-Tag;
    unset resp.http.CDN-Cache-Control;
}

sub vcl_synth {
    if (req.method == "PURGE") {
        set resp.http.Content-Type = "text/plain; charset=utf-8";
        if (resp.status == 200) {
            set resp.http.xkey-purged = req.http.x-purged;
            set resp.body = "Purged " + req.http.x-purged + " objects" + {"
"};
        } else {
            set resp.body = resp.reason + {"
"};
        }
        return (deliver);
    }
}
