/**
 * The bodies of the demo reviews (seed-demo.ts), written as real reviews
 * are: the idea, who is behind it, the rewards, the risks and our take, a
 * few minutes of reading each. The campaigns, makers and figures are
 * invented; each body opens with the note that says so.
 */

/** The first lines of every demo post: it must never pass for a real review. */
export const DEMO_NOTE =
  '*Demo review: this campaign and its makers are invented, to show how a post looks. The owner of this site removes the demo content from the back office before publishing real reviews.*';

export const SOLAR_BACKPACK_REVIEW = `${DEMO_NOTE}

Most solar backpacks are an afterthought: a thin panel stitched onto the
front of an ordinary daypack, angled at the ground for most of the walk and
hidden under a jacket the rest of the time. Ridgeline Gear's Foldaway
Daypack starts from the other end. The frame comes first, and the panel is
part of it.

## The idea

The bag is built around a light aluminium frame with a hinge at the top of
the back panel. On the trail, the solar panel lies flat against your back,
protected by the same fabric as the rest of the pack. When you stop for
lunch, you unclip two buckles, the panel swings out on the hinge, and a
short strut props it at about 40 degrees. You set the bag down facing the
sun and walk away.

That sounds like a small change, but it is the whole argument of the
campaign. A panel only produces power when light reaches it square on, and
a panel on your back spends the day facing the path behind you. Ridgeline's
own test log, published on the campaign page with the raw numbers, shows
the folded-out panel charging its battery about three times faster per hour
of daylight than the same panel worn flat. The catch, which the page states
plainly, is that you have to stop to get that benefit. This is a bag for
people who take long breaks, not for people who walk from dawn to dusk.

The panel feeds a removable 20,000 mAh USB-C battery that sits in a sleeve
at the bottom of the frame, low and close to the spine. It charges a phone
several times and, slowly, a small laptop that accepts 30 W over USB-C. The
makers are careful not to promise more: a cloudy day in March will give you
a phone charge, not a working afternoon on a laptop.

## Who is behind it

Ridgeline Gear is two people, Ana Ferreira and Tom Okafor, who met while
working for a large outdoor brand in Porto: she designed frames for
expedition packs, he worked on the electronics of head torches. This is
their first campaign under their own name, and the page says so without
dressing it up.

What gives us some confidence is what they have already done before asking
for money. There are three prototype generations on the page, each with
photos of what broke: the first hinge cracked after a few hundred cycles,
the second was too heavy, the third is the one in the video. They name
their sewing factory (a family firm in northern Portugal that has made
packs for other brands for twenty years) and their battery supplier, and
they show a quote from each. They also show a budget: of every dollar
raised, about half goes to the first production run, a fifth to the
battery certification that lets you carry it on a plane, and the rest to
platform fees, shipping and a reserve.

## The rewards

| Pledge | What you get |
| --- | --- |
| $89 | The bag without the panel or battery, for anyone who just wants the frame |
| $179 | Early bird: the bag, panel and battery (limited to 300) |
| $209 | The same, after the early birds are gone |
| $389 | Two complete bags |

The early-bird price is about a third below the planned retail price of
$279, which is roughly the going rate for a good 28-litre daypack plus a
decent folding panel and battery bought separately. Shipping is charged
after the campaign and estimated on the page by region; to Europe and North
America it comes to about $20. Delivery is planned for next spring, five
months after the campaign ends.

## The risks

- **Certification can take longer than planned.** Lithium batteries that
  travel need transport tests, and a failed test means a redesign. The team
  has budgeted for one retest, not two.
- **A first production run is where hinges fail.** Three prototypes are
  not three thousand bags. The hinge is the part we would want to see
  cycle-tested at the factory, with the results published, before the
  bags ship.
- **Five months is tight.** A first-time team with a sewing partner and an
  electronics supplier to coordinate could slip by a season. The page
  commits to monthly updates, which is what we would ask for.
- **The bag is not cheap.** If you do not take long breaks in the sun,
  a good ordinary daypack and a battery charged at home will serve you
  just as well for less.

## Our take

This is one of the few solar bags we have seen that is designed as a bag
first. The frame solves a real problem with a simple mechanism, the makers
show their failures as readily as their successes, and the budget adds up.
The risks are the ordinary ones of a first production run, plus the battery
certification, which the team clearly understands.

We would back it at the early-bird tier if you hike or cycle tour with long
stops, and we would wait for the first reviews of the finished product if
you mainly want a commuter bag with a charger. Either way, read the updates:
the first one after the campaign, with the factory's hinge tests, will tell
you most of what you need to know.`;

export const TABLETOP_SAGA_REVIEW = `${DEMO_NOTE}

Legacy games, where the board and the rules change for good as you play,
have a loyal audience and a common problem: once the campaign is over, the
box is spent. Lanternfold Games' The Shifting Isles tries to keep the
surprise of a legacy game without using it up, and it has already raised
more than twice its goal with a day and a half to go.

## The idea

Two to four players share a crew sailing an archipelago that is drawn on
hexagonal tiles. At the end of each session, the choices you made redraw
the map: an island you burned becomes a reef, a port you helped becomes a
city with new cards, a storm you outran moves to the next sea. The trick is
that nothing is torn up or written on. The changes are made with reusable
overlays, clear acrylic pieces that sit on top of the tiles, and with a
small stack of sealed envelopes that are opened, not destroyed.

The designers call it a "campaign that can be reset". After the twelve
sessions of the story, you can lift every overlay, put the envelopes back
in order and start again with another group, who will make different
choices and end up with a different map. The rulebook we read (a draft is
on the campaign page) is clear about what changes and what does not: the
rules stay the same, the world does not.

It is a cooperative game. You win or lose together against the sea and a
deck of events, which makes it easy to teach to people who do not usually
play board games, and the sessions are short: 45 to 60 minutes each,
according to the playtesters' logs the team published.

We played the print-and-play version over three evenings. The first session
is a tutorial in disguise, and by the second the map had already changed
enough that we argued about which route to take, which is the point. The
event deck is harsh without being cruel: we lost one session to a storm
we had chosen to ignore, and the game told us exactly why.

## Who is behind it

Lanternfold is a studio of three in Bristol: a designer, Maya Lindqvist,
who worked on two cooperative card games for a larger publisher; an
illustrator, Jonah Reyes, whose maps are the first thing you notice on the
page; and a producer, Sam Achterberg, who has run the logistics of four
Kickstarter games for other studios. That last name matters more than it
looks. Most tabletop campaigns that go wrong do so after the money is in,
in manufacturing and freight, not in the design.

The game has been in public playtests for a year, with a print-and-play
version anyone could download, and the page links to independent
playthrough videos. The manufacturer, a factory that produces games for
several well-known publishers, is named, and the team has received a
physical pre-production copy that is shown unboxed in the video.

## The rewards

| Pledge | What you get |
| --- | --- |
| $25 | The print-and-play files and the digital rulebook |
| $59 | The core game: tiles, overlays, envelopes, 180 cards, 4 ships |
| $89 | The core game and the Deep Waters expansion, unlocked by stretch goals |
| $129 | The above with metal coins and a deluxe insert |

Shipping is charged after the campaign, with fulfilment hubs in the United
States, the United Kingdom, the European Union, Canada and Australia, so
most backers will pay no import duties. Delivery is planned for autumn next
year, ten months after the campaign ends.

The stretch goals are worth a word. Most of them improve the core game
(thicker tiles, more overlays, a solo mode) rather than adding miniatures
you will never paint, which is a sign of a team that plays its own game.

## The risks

- **Success brings its own risk.** A campaign that raises 240 percent of
  its goal has to produce many more copies than planned. The factory's
  capacity is confirmed on the page for up to 8,000 copies; the campaign is
  at about 2,000.
- **Freight prices move.** Shipping costs have been the undoing of tabletop
  campaigns in recent years. Charging shipping after the campaign protects
  the studio but means backers will only know the final price later.
- **The overlays are new.** Clear acrylic that stays clear after a year of
  play, sits flat and survives being dropped is harder to make than
  cardboard. We would like to see the production samples in an update.
- **Ten months is realistic, not generous.** Most games of this size ship
  between two and six months late. Expect the summer after next.

## Our take

The Shifting Isles is the rare legacy game you can give away, or play again
with another group, and the design shows a studio that has tested its game
in public for a year. The team has the one skill most first campaigns lack,
someone who has shipped games before, and its stretch goals put money into
the game rather than into plastic.

If you enjoy cooperative games and like the idea of a world that
remembers, back the core game now: it will cost more at retail, and the
campaign ends tomorrow. The deluxe tier is for collectors. Expect a late
but complete delivery, and a story your group will still talk about.`;

export const ESPRESSO_GRINDER_REVIEW = `${DEMO_NOTE}

A good espresso grinder costs as much as a weekend away and, in most
kitchens, lasts until its first broken part. Burr and Bench's Mendable
Grinder is built on a simple promise: every part can be bought, and every
repair can be done at home with one screwdriver. With a few hours left, it
has passed its goal.

## The idea

The grinder is a conical burr grinder for espresso and filter coffee, with
stepless adjustment and a single-dose hopper, which is what most home
baristas want today. None of that is new. What is new is the way it is put
together.

There is no glue anywhere in the machine. The body is held by six screws
of the same size; the burrs come out with two more; the motor is a standard
industrial model you could buy from an electrical wholesaler; the bearings
are standard sizes printed on the manual's first page. Burr and Bench will
publish the full service manual, with exploded drawings, on the day the
first grinders ship, and sells every part separately, from the burr set to
the little rubber feet. The price list for parts is already on the
campaign page.

The grind itself matters too, of course. The makers sent pre-production
units to three independent coffee roasters, who published particle-size
measurements and tasting notes. The results are in line with grinders of
the same price: not the best on the market for espresso, clearly good for
filter, and very consistent from one dose to the next.

Two details tell you the makers use their own machine every morning. The
grinder keeps less than a tenth of a gram of coffee inside after each dose,
so the next cup is not made with yesterday's grounds, and the adjustment
ring has numbers you can actually read without a torch. It is louder than
the quietest grinders at this price, though: the standard motor that makes
it easy to repair is not the most discreet one.

## Who is behind it

Burr and Bench is a small company in Leeds founded by Priya Natarajan, a
mechanical engineer who spent eight years designing industrial mixers, and
Oliver Brandt, who ran a coffee shop for ten years and repaired its
grinders himself because the manufacturer's service took three weeks. The
product came out of that frustration, and it shows: the campaign video
spends more time with the machine open on a workbench than closed on a
kitchen counter.

This is their first consumer product. They have a small workshop, a
machining partner for the burr carrier and a contract assembler for the
first run, all named on the page. They have also published their business
plan in outline: after the campaign, the company is meant to live on a
parts store and repair guides rather than on a new model every year. That
is unusual, and it is the part of the project we find most interesting.

## The rewards

| Pledge | What you get |
| --- | --- |
| $15 | A printed service manual and a thank-you card |
| $249 | Early bird: the grinder with a spare burr set (sold out) |
| $279 | The grinder |
| $319 | The grinder, a spare burr set and a bag of beans from a partner roaster |

The planned retail price is $349. The spare burr set will sell for $45
afterwards, which gives you an idea of what parts will cost: less than most
manufacturers charge, and a fraction of a new machine. Delivery is planned
for six months after the campaign, with shipping included to the United
Kingdom, the European Union and the United States.

## The risks

- **A first consumer product is hard to certify.** Grinders sold in the
  UK, EU and US need electrical safety certification. The team has started
  the process but has not finished it; a failure would mean changes to the
  electronics and a delay.
- **Repairability depends on a company that lasts.** A parts store is only
  as good as the firm behind it. The standard motor and bearings reduce the
  risk, since they can be bought elsewhere, but the burrs and the body
  cannot.
- **The grind is good, not the best.** If espresso is your main drink and
  you chase the last bit of clarity, more expensive grinders will do
  better. This one is designed to last, not to top a comparison chart.
- **The margins are thin.** The budget leaves little room for a bad
  surprise at the assembler. A campaign that only just passed its goal has
  less of a cushion than one that doubled it.

## Our take

The Mendable Grinder is a sensible machine with an unusual idea behind
it: that a kitchen appliance should be serviced like a bicycle, by its
owner, with parts that are sold at a fair price. The grind is good enough
for almost everyone, the makers know coffee and mechanics, and their plan
for the company after the campaign is clear.

We would back it if you are tired of replacing appliances, drink a mix of
espresso and filter, and are happy to wait six months or a little more.
We would not back it as a pure espresso upgrade. And we would keep an eye on
the certification update: it is the milestone that decides whether the
grinder ships on time.`;

export const CLEAN_WATER_REVIEW = `${DEMO_NOTE}

Clean water projects are among the hardest campaigns to judge. The need is
obvious and the photos are moving, but what matters is what happens in the
third year, when the donors have moved on and a filter cartridge needs
replacing. Clearwell's campaign for gravity filters in rural schools is
one of the few we have seen that starts from that third year.

## The idea

Clearwell installs gravity-fed ceramic filters in primary schools in
villages without reliable clean water. The design is deliberately modest:
a food-grade plastic tank on a stand, a ceramic cartridge lined with
silver, and a tap. No electricity, no pumps, nothing to break but the
cartridge itself, which filters bacteria and sediment and needs replacing
about once a year in a school of two hundred children.

The campaign does not stop at the installation. Each school chooses two
people, usually a teacher and a parent, who are trained to clean the
filter, test the water with simple strips and replace the cartridge. A
local workshop in each district keeps spare cartridges and is paid per
replacement, so someone nearby has a reason to keep stock. Every
installation, test and replacement is logged on a public map, school by
school, which anyone can check.

That logging is, to us, the heart of the project. Many water projects
report the number of filters installed; very few report how many still
work two years later. Clearwell reports both, for the forty schools of its
pilot: thirty-seven filters were working at the last check, and the page
says what went wrong with the other three (two stands broke, one school
closed).

Why filters and not a borehole or chlorine tablets? The page answers that
question too, and the answer is honest: a borehole gives more water but
costs twenty times as much per school and needs a pump that someone must
repair; chlorine is cheap but children dislike the taste and schools run
out of tablets between deliveries. Gravity filters are not the best answer
everywhere, and Clearwell says where it would not use them: in areas with
arsenic or fluoride in the ground water, which ceramic does not remove. In
the region of this campaign, the source water has been tested, and
bacteria are the problem the filters solve.

## Who is behind it

Clearwell is a registered charity run by Grace Mutua, a water engineer who
worked for a regional water authority for twelve years, and Daniel Osei,
who manages the training programme and the district workshops. Its board
includes a public health researcher who designed the water tests. The
annual accounts of the last two years are linked from the campaign page,
and they show a small organisation with low overheads: about eighty-five
percent of spending went to equipment, training and transport.

The charity has done this before, at a smaller scale: the forty schools of
the pilot were funded by a local foundation, which also funded an
independent evaluation, published in full. The campaign is meant to take
the programme to sixty more schools in the same region.

## The rewards

Because this is a donation campaign, the rewards are mostly ways of
following your money rather than things you receive.

| Pledge | What it funds | What you get |
| --- | --- | --- |
| $25 | One replacement cartridge | Your name on the public map |
| $60 | Water tests for one school for a year | The school's test results, emailed each term |
| $250 | A complete filter for one classroom | A photo and a note from the school |
| $1,500 | A school: filters, training and two years of cartridges | A visit report, and a video call with the school if you wish |

Indiegogo's flexible funding is used, which means the charity keeps what
is raised even if the goal is not reached. The page explains what a
smaller total would pay for: fewer schools, not thinner support for each.

## The risks

- **Flexible funding cuts both ways.** Your pledge is spent even if the
  goal is missed. The plan for a partial total is clear, which is what you
  should ask of any flexible campaign.
- **Maintenance depends on people.** Trained caretakers move away, and
  workshops close. The pilot shows that most schools keep their filters
  working, but not all.
- **Ceramic filters do not remove everything.** They remove bacteria and
  sediment well, but not chemical pollution. The charity tests the source
  water of each school before installing; the results are on the map.
- **Costs rise with distance.** Transport to remote schools is the largest
  variable cost, and fuel prices are outside the charity's control.

## Our take

Clearwell's campaign does what we wish every social-impact campaign did:
it shows what works after the photos are taken. The design is simple on
purpose, maintenance is paid and local, the results are public, and the
charity's accounts are open. The pilot's numbers are good without being too
good, which makes them believable.

If you want to give to a water project and to see what your money does for
years afterwards, this is a strong choice, and the smaller pledges are as
useful as the large ones: cartridges and tests are what keep a filter
working. Follow the map; it is the best campaign update we have seen, and
it will tell you, school by school, whether your pledge is still doing its
job.`;

export const INDIE_FILM_REVIEW = `${DEMO_NOTE}

Film campaigns ask backers to fund something they cannot test in advance: a
story, a crew and a promise that the result will be worth watching. The
Last Keeper, a feature film to be shot on a single island with most of its
residents in the cast, has not launched yet. Its pre-launch page already
tells us a good deal, and most of it is encouraging.

## The idea

The film follows a lighthouse keeper in the last winter before his
lighthouse is automated. It is a quiet story, told over one season, with
the island itself as the second character: the ferry that does not come in
bad weather, the shop that closes at four, the neighbours who know
everything. The director wants to shoot on the island where the story is
set, in winter, with a crew of twelve and the island's residents in most of
the speaking roles, alongside two professional actors.

That approach has a long history in independent film, and it explains the
modest budget. There are no sets to build, no locations to rent and no
large cast to fly in. The risk, of course, is that non-professional actors
can be wonderful or stiff, and the only way to judge is to see them. The
pre-launch page includes a twelve-minute proof-of-concept scene shot last
winter, with two of the residents who will be in the film. It is the best
argument for the project: the scene is patient, well framed, and the
residents are more natural on screen than many professionals.

The sound of the scene deserves a mention too. Most low-budget films give
themselves away through their sound long before their pictures, and this
one does not: wind, the foghorn and the ferry engine are recorded on the
island and mixed with care. The composer, a folk musician from the region,
will record the score with local players, and two sketches of it are on the
page. It is a small thing, but it suggests a team that thinks about the
whole film and not only about the images that look good in a campaign
video.

## Who is behind it

The director, Elin Sørensen, grew up on a neighbouring island and has made
two short films that were shown at international festivals; both are
linked from the page and can be watched in full. The producer, Marcus
Adeyemi, has produced three low-budget features, two of which found
distributors. The cinematographer shot one of those features. This is not a
first-time crew: it is a first feature for the director, supported by
people who have finished features before, and who know how long the last
ten percent of a film takes.

The team has also done the unglamorous work that film campaigns often skip.
The residents who will act have signed letters of intent; the island's
council has given permission to film in public places; the lighthouse
authority has agreed to two weeks of access to the tower. Each letter is
summarised on the page.

## The rewards

The campaign will open with the following tiers, according to the
pre-launch page.

| Pledge | What you get |
| --- | --- |
| $10 | A digital copy of the finished film |
| $35 | The film, the screenplay and a behind-the-scenes diary |
| $90 | The above, and your name in the credits |
| $500 | An invitation to the island premiere, travel not included |

The budget is public: of the $60,000 goal, about half pays the crew and
the two professional actors at union minimum, a quarter pays equipment and
transport (including, the page notes, every ferry ticket), and the rest
pays post-production, music rights and subtitles in five languages. The
stretch goals pay for a longer shoot and a festival campaign, not for
merchandise. We like that the lowest tier is the film itself, at the price
of a rental: you do not have to buy a poster to see what you paid for.

## The risks

- **Films run over.** Winter weather on an island is the obvious risk: a
  week of storms can stop a shoot. The schedule includes five spare days,
  which is sensible but may not be enough.
- **Finishing costs more than shooting.** Many independent films are shot
  and then sit unfinished for lack of money for sound and colour. The
  budget sets aside a quarter for post-production, which is reasonable.
- **Distribution is not guaranteed.** Backers will get the film whatever
  happens, but a wider release depends on festivals and distributors, and
  the page says so.
- **The campaign has not launched.** Everything here may change before
  launch day, including the tiers and the goal.

## Our take

The Last Keeper is a small, personal film with a clear plan, an
experienced producer, a budget anyone can read and a proof-of-concept scene
that makes you want to see the rest. The risks are those of every
independent film, and the team has planned for the predictable ones.

Follow the pre-launch page if you like quiet, place-driven cinema, and back
the $35 tier when it launches: the diary of a winter shoot on an island
should be worth reading on its own. We will look at the campaign again
when it opens, to check that the tiers and the budget are still the ones
described here. If they are, this will be one of the easier film
campaigns to recommend: it asks for little, and it shows what it will do
with it.`;

export const MODULAR_KEYBOARD_REVIEW = `${DEMO_NOTE}

Keystack Labs' first keyboard campaign raised a modest sum, shipped four
months late and left its backers happy anyway. Its second, for the
Keystack Two, closed a few weeks ago at almost four times its goal. We
reviewed the keyboard, and we looked at how a small team turned a late
first campaign into a much larger second one, because the lessons apply to
any maker.

## The idea

The Keystack Two is a modular mechanical keyboard. The main block is a
compact 65 percent layout, and the number pad, the function row and a
macro column are separate modules that attach with magnets and a short
pogo-pin connector on either side. You can use the main block on its own on
a small desk, add the number pad for a spreadsheet day, and move it to the
left if you are left-handed. The modules are recognised instantly, without
a driver, and the layout is configured in an open-source web tool that
works in any recent browser.

The switches are hot-swappable, so you can change them without
soldering, and the case is machined aluminium with a gasket mount, which is
what gives the typing its soft, quiet feel. The first Keystack had a plastic
case and a fixed layout; the second is a more ambitious product in every
way.

We typed on a pre-production unit for three weeks. The main block is
excellent: quiet, solid and pleasant for long writing sessions. The magnetic
connection is stronger than we expected, and the modules did not come
apart when we lifted the keyboard by one end. The one weakness we found is
the web tool, which is powerful but confusing the first time; the team has
promised a simpler mode.

Battery life matters on a wireless keyboard, and the Keystack Two does
well: about three weeks of daily use with the backlight off, measured by
the team and roughly confirmed by our own test. It also works over a USB-C
cable, which charges it at the same time, and the modules draw their power
from the main block, so there is only one battery to think about.

## Who is behind it

Keystack Labs is four people in Lyon: two electronics engineers, an
industrial designer and a community manager, who, unusually, was the first
hire after the first campaign. That hire explains much of what follows.

When the first Keystack ran late, the team posted an update every week,
with photos from the factory and a plain explanation of each problem: a
batch of faulty stabilisers, a customs hold, a firmware bug that made some
keys repeat. Backers who asked for a refund got one within days. By the
time the keyboards arrived, four months late, the comments section was
more patient than angry, and many backers said they would back the next
one. They did: about a third of the second campaign's backers had backed
the first.

## How they prepared the second campaign

Three tactics stand out, and they are worth copying.

1. **A pre-launch list built on trust.** Six months before launch, the team
   opened a pre-launch page and wrote to every past backer, with the
   prototype, the price and the planned date. The page collected more than
   9,000 email addresses, which is why the campaign was funded in its
   first two hours.
2. **Early birds with hard limits.** The cheapest tier was limited to 500
   units and stated so; there was no second wave of "super early birds" to
   annoy the first. Backers trust a limit that is kept.
3. **A launch-day stream.** The engineers answered questions live for three
   hours, including the awkward ones about the first campaign's delay.
   The recording is still on the page.

## The rewards

The campaign has ended, so these tiers are no longer open, but they show
what the keyboard costs.

| Pledge | What backers got |
| --- | --- |
| $149 | Early bird: the main block, limited to 500 |
| $179 | The main block |
| $259 | The main block and all three modules |
| $39 | Any single module, for owners of the main block |

Late pledges are open on the makers' own store at the campaign prices plus
ten percent. Retail will be higher. Delivery is planned for the spring.

## The risks

- **Success means scale.** Almost four times the goal means almost four
  times the keyboards, from a factory that made a few thousand plastic
  cases for the first campaign and is now machining aluminium.
- **The connector is new.** Magnetic pogo-pin connectors wear. The team
  tested them for 20,000 connections, which is years of normal use, but
  only on pre-production parts.
- **The team was late before.** It handled its delay well, but a delay is
  still likely; we would plan for early summer rather than spring.
- **Modular keyboards are a niche.** If you never move your number pad, a
  good fixed keyboard costs less.

## Our take

The Keystack Two is a very good keyboard with a genuinely useful modular
design, made by a team that has learned from a difficult first campaign in
public. Its second campaign is a model of how to earn back trust: write to
your backers, keep your limits, and answer the hard questions live.

If you missed the campaign and want one, the late pledge is fair. If you
run a campaign yourself, read the first campaign's updates: they show how
to be late without losing the people who believed in you.`;

export const URBAN_GARDEN_REVIEW = `${DEMO_NOTE}

Not every campaign we review succeeds, and the ones that fail are often the
most instructive. RailGarden's self-watering balcony planters ended a few
weeks ago with about a third of their goal. The product was good; the
campaign was not, and the difference is worth understanding, for backers
and for makers.

## The idea

RailGarden makes planter modules that clip onto balcony railings. Each
module is a narrow trough about sixty centimetres long, with a water
reservoir in its base and a wick that draws water up to the roots, so the
plants need watering once a week rather than once a day in summer. The
clips fit most round and square railings, and modules stack vertically on
a light frame, so a small balcony can grow herbs, salad leaves and
strawberries on a wall rather than on the floor.

The founders added a community idea to the product: every backer would
join a seed-swap programme, in which growers post seeds from their best
plants to each other each autumn, organised through a simple website. It
was a charming idea, and the few hundred people who joined the pilot were
enthusiastic.

We grew basil, parsley and lettuce in two pre-production modules through
August. The reservoir worked as promised: a week away in the heat, and the
plants were fine. The clips held on two different railings, and nothing
dripped on the neighbours below, which is the first thing anyone with a
balcony asks.

The materials are well chosen. The troughs are made of recycled
polypropylene that does not crack in frost, the wicks are replaceable
cotton cords, and the frame is powder-coated steel that we left out in a
week of rain without a spot of rust. The modules are light enough to carry
inside for the winter, and they nest inside each other when stored, which
matters in a small flat. The one thing we missed was a water-level window:
you lift the module to guess how full the reservoir is, and a float or a
clear strip would have been better.

## Who is behind it

RailGarden was started by two neighbours in Rotterdam, Fleur de Vries, a
landscape architect, and Karim Haddad, a product designer who had worked on
kitchen storage. They designed the modules for their own balconies, sold
a few hundred hand-assembled units at local markets, and turned to
Indiegogo to pay for injection moulds, which would bring the price of each
module down by half.

Their background is solid, their prototypes worked, and their supplier for
the moulds was named. On paper, this was a campaign that should have
succeeded.

## The rewards

| Pledge | What you would have got |
| --- | --- |
| $39 | One module |
| $99 | Three modules and a frame |
| $179 | Six modules, two frames and a seed kit |

The prices were fair for what the modules do: similar self-watering
planters sell for more, and none we know of clips to a railing as neatly.
Delivery was planned for the following spring, in time for the growing
season, which was sensible.

## Why it fell short

Looking back over the campaign and its updates, we see four reasons, none
of them about the product.

- **It launched in the wrong season.** The campaign ran from late autumn
  into winter, when nobody is thinking about their balcony. The founders
  chose the date to have moulds ready for spring, which makes sense for
  production and none for marketing.
- **It launched to an empty room.** There was no pre-launch page and no
  email list beyond the market customers. The first week raised less than a
  tenth of the goal, and campaigns that start slowly rarely recover.
- **The video explained the community before the product.** The first
  minute was about seed swaps; the reservoir, the thing that makes the
  planter worth buying, appeared at the end.
- **The goal was all or nothing in practice.** The moulds cost what they
  cost; a partial total could not pay for them, and the page did not say
  what would happen if the goal was missed.

## The risks, had it succeeded

For completeness: the main risks would have been the moulds (first moulds
often need corrections), the clips' strength in winter winds (tested only
in summer) and the seed-swap programme, which depends on volunteers.

## Our take

RailGarden is a good product that ran a campaign at the wrong time, to too
few people, with the wrong story first. Backers who pledged were refunded,
as Indiegogo's fixed funding requires, so nobody lost money.

The founders say they will try again next spring with a pre-launch list
and a video about water, not seeds. If they do, we would look at it
closely: the planter works, and that is the hard part. If you are planning
a campaign, read their last update, in which they explain these lessons
themselves, with more honesty than most successful campaigns manage.

For backers, the lesson is the other side of the same coin: a campaign's
page tells you about its product, but its first week tells you about its
makers' reach. A good product with no audience is worth following, not
worth worrying about. Sign up for RailGarden's next launch if a balcony
full of herbs appeals to you; you will lose nothing by waiting.`;
